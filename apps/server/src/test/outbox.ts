import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface OutboxMail {
  to: string;
  subject: string;
  body: string;
  link: string | undefined;
}

/** Reads the .eml files the outbox mailer wrote, oldest first, with quoted-printable undone. */
export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = join(dataDir, 'outbox');
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((n) => n.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return names.map((name) => {
    const raw = readFileSync(join(dir, name), 'utf8');
    const body = raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return {
      to: /^To: (.+)$/m.exec(raw)?.[1]?.trim() ?? '',
      subject: /^Subject: (.+)$/m.exec(raw)?.[1]?.trim() ?? '',
      body,
      link: /https?:\/\/[^\s"<>]+\?token=[A-Za-z0-9_%-]+/.exec(body)?.[0],
    };
  });
}

/** The newest mail to `to`, failing loudly when there is none. */
export function lastMailTo(dataDir: string, to: string): OutboxMail {
  const mail = readOutbox(dataDir)
    .filter((m) => m.to === to)
    .at(-1);
  if (!mail) throw new Error(`no mail to ${to} in the outbox`);
  return mail;
}

export function tokenOf(mail: OutboxMail): string {
  const token = mail.link && new URL(mail.link).searchParams.get('token');
  if (!token) throw new Error(`mail "${mail.subject}" has no token link`);
  return token;
}
