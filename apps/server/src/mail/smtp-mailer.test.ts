import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SmtpMailer } from './smtp-mailer.js';
import { verifyEmailMessage } from './templates.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, done) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw,
      });
      done();
    });
  },
});
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.close(() => {
        resolve();
      });
    }),
);

it('delivers the message with text and HTML bodies to a real SMTP server', async () => {
  const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'PBShare <no-reply@pbshare.test>');
  await mailer.send(
    verifyEmailMessage('ada@example.com', 'ada <b>', 'http://x.test/verify?token=abc'),
  );
  mailer.close();

  expect(received).toHaveLength(1);
  const [mail] = received;
  expect(mail?.from).toBe('no-reply@pbshare.test');
  expect(mail?.to).toEqual(['ada@example.com']);
  expect(mail?.raw).toMatch(/^Subject: Verify your email for PBShare/m);
  expect(mail?.raw).toContain('text/plain');
  expect(mail?.raw).toContain('text/html');
  // The display name is escaped in the HTML body.
  expect(mail?.raw).toContain('ada &lt;b&gt;');
});
