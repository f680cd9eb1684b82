import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { expect } from './fixtures.js';

/** One e-mail the server wrote to `${DATA_DIR}/outbox/` (the embedded mail adapter). */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  body: string;
  /** The first `?token=` link in the mail, if any. */
  link: string | undefined;
}

/**
 * The outbox folders to read: every one listed in E2E_OUTBOX_DIRS (comma-separated; the fleet
 * test runs several instances, each with its own DATA_DIR), else the one server's.
 */
function outboxDirs(): string[] {
  const listed = process.env.E2E_OUTBOX_DIRS;
  if (listed) return listed.split(',').filter(Boolean);
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: global setup did not run');
  return [join(dataDir, 'outbox')];
}

/**
 * Every mail in the outboxes, oldest first (file names start with the time they were written),
 * with quoted-printable undone.
 */
export function readOutbox(): OutboxMail[] {
  return outboxDirs()
    .flatMap((dir) => mailFiles(dir).map((file) => ({ dir, file })))
    .sort((x, y) => (x.file < y.file ? -1 : x.file > y.file ? 1 : 0))
    .map(({ dir, file }) => {
      const raw = readFileSync(join(dir, file), 'utf8');
      const body = raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_match, hex: string) =>
          String.fromCharCode(parseInt(hex, 16)),
        );
      return {
        file,
        to: /^To: (.+)$/m.exec(raw)?.[1]?.trim() ?? '',
        subject: /^Subject: (.+)$/m.exec(raw)?.[1]?.trim() ?? '',
        body,
        link: /https?:\/\/[^\s"<>]+\?token=[A-Za-z0-9_%-]+/.exec(body)?.[0],
      };
    });
}

function mailFiles(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => name.endsWith('.eml'));
  } catch {
    // No mail written there yet.
    return [];
  }
}

/** The mails to `to` whose subject matches, oldest first. */
export function mailsTo(to: string, subject?: RegExp): OutboxMail[] {
  return readOutbox().filter(
    (mail) =>
      mail.to.toLowerCase().includes(to.toLowerCase()) && (!subject || subject.test(mail.subject)),
  );
}

/**
 * Waits until at least `count` mails to `to` (with a matching subject) are in the outbox and
 * returns the newest one.
 */
export async function waitForMail(
  to: string,
  { subject, count = 1 }: { subject?: RegExp; count?: number } = {},
): Promise<OutboxMail> {
  await expect
    .poll(() => mailsTo(to, subject).length, {
      message: `a mail to ${to}${subject ? ` matching ${String(subject)}` : ''}`,
    })
    .toBeGreaterThanOrEqual(count);
  const mail = mailsTo(to, subject).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

/** The `?token=` link of a mail, failing loudly when it has none. */
export function linkOf(mail: OutboxMail): string {
  if (!mail.link) throw new Error(`mail "${mail.subject}" to ${mail.to} has no link`);
  return mail.link;
}
