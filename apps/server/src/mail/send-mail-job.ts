import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';
import { enqueueJob, type JobDefinition } from '../jobs/jobs.js';
import type { Mailer, MailMessage } from './mailer.js';

const SEND_MAIL_JOB = 'mail.send';

/**
 * A ready-made message sent after the answer, with the queue's retries: for notices that carry
 * no secret (a new sign-in), so the request never waits for SMTP and a mail server's hiccup
 * loses nothing. Mails with a link token are made in their own job instead (account-mail-job).
 */
export function sendMailJob(mailer: Mailer): JobDefinition<MailMessage> {
  return {
    kind: SEND_MAIL_JOB,
    maxAttempts: 5,
    timeoutMs: 60_000,
    run: (message) => mailer.send(message),
  };
}

export async function enqueueMail(db: Kysely<DatabaseSchema>, message: MailMessage): Promise<void> {
  await enqueueJob(db, SEND_MAIL_JOB, message);
}
