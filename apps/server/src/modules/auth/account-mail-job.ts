import type { JobDefinition } from '../../jobs/jobs.js';
import type { Mailer } from '../../mail/mailer.js';
import {
  firstPasswordMessage,
  resetPasswordMessage,
  signUpAgainMessage,
  verifyEmailMessage,
} from '../../mail/templates.js';
import { hashToken, newToken } from '../../security/random-token.js';
import type { UserDirectory, UserRecord } from '../users/index.js';
import {
  ACCOUNT_MAIL_JOB,
  RESET_TOKEN_TTL_MS,
  VERIFY_TOKEN_TTL_MS,
  type AccountMailPayload,
} from './account-mail-kind.js';
import type { AuthRepository } from './repository.js';

export interface AccountMailDeps {
  users: UserDirectory;
  auth: AuthRepository;
  mailer: Mailer;
  publicOrigin: string;
}

/**
 * Sends account mails after the answer, through the job queue, so a route costs the same whether
 * or not the address has an account. The links' tokens are made here: a retried job sends a new
 * link and voids the one before, so at most one link of each kind works.
 */
export function accountMailJob(deps: AccountMailDeps): JobDefinition<AccountMailPayload> {
  const link = (path: string, token?: string) =>
    token === undefined
      ? `${deps.publicOrigin}${path}`
      : `${deps.publicOrigin}${path}?token=${encodeURIComponent(token)}`;

  async function newEmailToken(user: UserRecord, purpose: 'verify' | 'reset', ttlMs: number) {
    await deps.auth.expireEmailTokensOf(user.id, purpose);
    const token = newToken();
    await deps.auth.insertEmailToken({
      hash: hashToken(token),
      userId: user.id,
      purpose,
      expiresAt: new Date(Date.now() + ttlMs).toISOString(),
    });
    return token;
  }

  async function sendVerification(user: UserRecord) {
    const token = await newEmailToken(user, 'verify', VERIFY_TOKEN_TTL_MS);
    await deps.mailer.send(
      verifyEmailMessage(user.email, user.displayName, link('/verify', token)),
    );
  }

  return {
    kind: ACCOUNT_MAIL_JOB,
    maxAttempts: 5,
    timeoutMs: 60_000,
    async run({ purpose, email }) {
      const user = await deps.users.findByEmail(email);
      if (!user) return;
      if (purpose === 'reset') {
        const token = await newEmailToken(user, 'reset', RESET_TOKEN_TTL_MS);
        const message = user.passwordHash === null ? firstPasswordMessage : resetPasswordMessage;
        await deps.mailer.send(message(user.email, link('/reset-password', token)));
      } else if (!user.emailVerified) {
        await sendVerification(user);
      } else if (purpose === 'sign-up-again') {
        await deps.mailer.send(
          signUpAgainMessage(user.email, link('/login'), link('/forgot-password')),
        );
      }
    },
  };
}
