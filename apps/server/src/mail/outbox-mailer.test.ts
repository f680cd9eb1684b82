import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, expect, it, vi } from 'vitest';
import { OutboxMailer } from './outbox-mailer.js';
import { verifyEmailMessage } from './templates.js';

const dataDir = mkdtempSync(join(tmpdir(), 'pbshare-outbox-'));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** Undoes quoted-printable: soft line breaks, then `=XX` escapes. */
const unquote = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

it('writes each message as a standard .eml file a mail client opens, and logs its link', async () => {
  const log = Fastify({ logger: false }).log;
  const info = vi.spyOn(log, 'info');
  const outbox = join(dataDir, 'outbox');
  const link = 'https://pb.example/verify?token=abc_123-XYZ';
  await new OutboxMailer(outbox, 'PBShare <no-reply@pbshare.test>', log).send(
    verifyEmailMessage('ada@example.com', 'ada <b>', link),
  );

  const files = readdirSync(outbox);
  expect(files).toHaveLength(1);
  expect(files[0]).toMatch(/\.eml$/);
  const raw = readFileSync(join(outbox, files[0] ?? ''), 'utf8');
  expect(raw).toMatch(/^From: PBShare <no-reply@pbshare\.test>\r?$/m);
  expect(raw).toMatch(/^To: ada@example\.com\r?$/m);
  expect(raw).toMatch(/^Subject: Verify your email for PBShare\r?$/m);
  expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
  expect(raw).toMatch(/^Content-Type: text\/plain/m);
  expect(raw).toMatch(/^Content-Type: text\/html/m);
  const body = unquote(raw);
  expect(body).toContain(`Verify your email: ${link}`);
  expect(body).toContain(`href="${link}"`);
  expect(body).toContain('ada &lt;b&gt;');

  expect(info).toHaveBeenCalledWith(
    expect.objectContaining({ to: 'ada@example.com', link, file: join(outbox, files[0] ?? '') }),
    'mail written to outbox',
  );
});
