/** The job that sends account mails (account-mail-job.ts runs it). */
export const ACCOUNT_MAIL_JOB = 'account.mail';

/** How long a mailed link works: a verification link a day, a reset link half an hour. */
export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

/**
 * A mail an account route asked for, named by the address only: the route answers the same
 * whether or not an account has it, and this job finds out.
 * - `verify`: a new verification link, when the address's account is still unverified;
 * - `reset`: a password reset link, when the address has an account;
 * - `sign-up-again`: someone signed up with an address that has an account: its owner is told
 *   (a verified account) or sent a new verification link (an unverified one).
 */
export interface AccountMailPayload {
  purpose: 'verify' | 'reset' | 'sign-up-again';
  email: string;
}
