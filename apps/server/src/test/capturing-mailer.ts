import type { Mailer, MailMessage } from '../mail/mailer.js';
import { waitUntil } from './wait-until.js';

/**
 * The mail port for tests: keeps every message as the services made it, so a test reads the
 * recipient, subject and action link as fields instead of parsing MIME.
 */
export class CapturingMailer implements Mailer {
  readonly sent: MailMessage[] = [];

  send(message: MailMessage): Promise<void> {
    // The link is read from its field, so make sure the reader of the mail gets it too.
    if (message.link && !message.text.includes(message.link)) {
      return Promise.reject(new Error(`mail "${message.subject}" does not show its link`));
    }
    this.sent.push(message);
    return Promise.resolve();
  }

  /** Every message to `to`, oldest first. */
  to(to: string): MailMessage[] {
    return this.sent.filter((m) => m.to === to);
  }

  /**
   * The newest message to `to` once at least `count` have arrived: account mails go out from a
   * job after the answer, so a test waits for them rather than reading right away.
   */
  async next(to: string, count = 1, timeoutMs = 10_000): Promise<MailMessage> {
    await waitUntil(`${count} mail(s) reached ${to}`, () => this.to(to).length >= count, timeoutMs);
    return this.lastTo(to);
  }

  /** The newest message to `to`, failing loudly when there is none. */
  lastTo(to: string): MailMessage {
    const mail = this.to(to).at(-1);
    if (!mail) throw new Error(`no mail was sent to ${to}`);
    return mail;
  }
}

/** The `token` of a message's action link, failing loudly when it has none. */
export function tokenOf(mail: MailMessage): string {
  const token = mail.link && new URL(mail.link).searchParams.get('token');
  if (!token) throw new Error(`mail "${mail.subject}" has no token link`);
  return token;
}
