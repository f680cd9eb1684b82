import { usernameKey } from '@pbshare/shared';
import type { Kysely } from 'kysely';
import type { DatabaseSchema, EmailTokenPurpose } from '../../db/schema.js';
import { enqueueJob } from '../../jobs/jobs.js';
import { NO_PASSWORD_HASH } from '../users/index.js';
import { ACCOUNT_MAIL_JOB, type AccountMailPayload } from './account-mail-kind.js';

export interface StoredRefreshToken {
  sessionId: string;
  userId: string;
  expiresAt: string;
  usedAt: string | null;
  sessionRevokedAt: string | null;
}

export interface StoredEmailToken {
  userId: string;
  expiresAt: string;
  usedAt: string | null;
}

/**
 * Credentials (the account row's e-mail, password hash and verification), sessions, refresh tokens
 * and mailed tokens. Every token is looked up by its hash.
 */
export class AuthRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * Inserts the account and queues its verification mail in one commit: the account never exists
   * without its mail, and a sign-up writes once, as one for an address that has an account does.
   * A null `passwordHash` makes an account without a password; `alsoWrite` adds to the same
   * commit what the account comes with (a passkey sign-up's passkey).
   */
  async insertUser(
    user: { id: string; email: string; passwordHash: string | null; displayName: string },
    alsoWrite?: (trx: Kysely<DatabaseSchema>) => Promise<void>,
  ): Promise<void> {
    const now = new Date().toISOString();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values({
          id: user.id,
          email: user.email,
          password_hash: user.passwordHash ?? NO_PASSWORD_HASH,
          display_name: user.displayName,
          display_name_key: usernameKey(user.displayName),
          created_at: now,
          updated_at: now,
        })
        .execute();
      await alsoWrite?.(trx);
      await enqueueJob(trx, ACCOUNT_MAIL_JOB, { purpose: 'verify', email: user.email });
    });
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Gives a still-unverified account a new e-mail and voids every unused mailed link of it, in one
   * transaction; false when the account is verified by then. Links go first, in the order
   * `spendVerifyToken` takes its locks, so on PostgreSQL a click racing this waits instead of
   * deadlocking, and either verifies the old address first or finds its link void.
   */
  async replacePendingEmail(id: string, email: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      await trx
        .updateTable('email_tokens')
        .set({ used_at: now })
        .where('user_id', '=', id)
        .where('used_at', 'is', null)
        .execute();
      const result = await trx
        .updateTable('users')
        .set({ email, updated_at: now })
        .where('id', '=', id)
        .where('email_verified_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    });
  }

  /**
   * Spends a verification link and marks its account verified, in one transaction; false when the
   * link was spent or voided first, and then nothing is marked.
   */
  async spendVerifyToken(hash: string, userId: string): Promise<boolean> {
    return this.spendTokenThen(hash, userId, {});
  }

  /**
   * Spends a reset link, sets the new password and marks the account verified (the mailed link
   * proves the address), in one transaction; false when the link was spent or voided first, and
   * then nothing changes.
   */
  async spendResetToken(hash: string, userId: string, passwordHash: string): Promise<boolean> {
    return this.spendTokenThen(hash, userId, { password_hash: passwordHash });
  }

  /**
   * The mailed link's spending and what it proves, together. The link goes first, as in
   * `replacePendingEmail`, so an address replaced meanwhile either voided the link or finds the
   * account verified at the address the link was mailed to.
   */
  private async spendTokenThen(
    hash: string,
    userId: string,
    changes: { password_hash?: string },
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      const spent = await trx
        .updateTable('email_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', hash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (spent.numUpdatedRows === 0n) return false;
      await trx
        .updateTable('users')
        .set((eb) => ({
          ...changes,
          email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(now)),
          updated_at: now,
        }))
        .where('id', '=', userId)
        .execute();
      return true;
    });
  }

  async createSession(session: { id: string; userId: string }): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({ id: session.id, user_id: session.userId, created_at: new Date().toISOString() })
      .execute();
  }

  async sessionIsLive(sessionId: string, userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: new Date().toISOString() })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Revokes every live session of the user except `keepSessionId`. */
  async revokeSessionsOf(userId: string, keepSessionId?: string): Promise<void> {
    let query = this.db
      .updateTable('sessions')
      .set({ revoked_at: new Date().toISOString() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keepSessionId) query = query.where('id', '!=', keepSessionId);
    await query.execute();
  }

  async insertRefreshToken(token: {
    hash: string;
    sessionId: string;
    expiresAt: string;
  }): Promise<void> {
    await this.db
      .insertInto('refresh_tokens')
      .values({
        token_hash: token.hash,
        session_id: token.sessionId,
        created_at: new Date().toISOString(),
        expires_at: token.expiresAt,
      })
      .execute();
  }

  async findRefreshToken(hash: string): Promise<StoredRefreshToken | undefined> {
    const row = await this.db
      .selectFrom('refresh_tokens as t')
      .innerJoin('sessions as s', 's.id', 't.session_id')
      .select(['t.session_id', 's.user_id', 't.expires_at', 't.used_at', 's.revoked_at'])
      .where('t.token_hash', '=', hash)
      .executeTakeFirst();
    return (
      row && {
        sessionId: row.session_id,
        userId: row.user_id,
        expiresAt: row.expires_at,
        usedAt: row.used_at,
        sessionRevokedAt: row.revoked_at,
      }
    );
  }

  /**
   * Marks a refresh token used and stores its successor, in one transaction so a request that
   * finds the token used also finds the successor; false when another request used it first.
   * The update is conditional, so of two racing requests exactly one rotates (PostgreSQL makes the
   * second wait for the first's row lock, then re-checks `used_at`).
   */
  async rotateRefreshToken(
    hash: string,
    successor: { hash: string; sessionId: string; expiresAt: string },
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      const result = await trx
        .updateTable('refresh_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', hash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      await trx
        .insertInto('refresh_tokens')
        .values({
          token_hash: successor.hash,
          session_id: successor.sessionId,
          created_at: now,
          expires_at: successor.expiresAt,
        })
        .execute();
      return true;
    });
  }

  async insertEmailToken(token: {
    hash: string;
    userId: string;
    purpose: EmailTokenPurpose;
    expiresAt: string;
  }): Promise<void> {
    await this.db
      .insertInto('email_tokens')
      .values({
        token_hash: token.hash,
        user_id: token.userId,
        purpose: token.purpose,
        created_at: new Date().toISOString(),
        expires_at: token.expiresAt,
      })
      .execute();
  }

  async findEmailToken(
    hash: string,
    purpose: EmailTokenPurpose,
  ): Promise<StoredEmailToken | undefined> {
    const row = await this.db
      .selectFrom('email_tokens')
      .select(['user_id', 'expires_at', 'used_at'])
      .where('token_hash', '=', hash)
      .where('purpose', '=', purpose)
      .executeTakeFirst();
    return row && { userId: row.user_id, expiresAt: row.expires_at, usedAt: row.used_at };
  }

  /** Older unused links of the same kind stop working once a new one is sent or one is used. */
  async expireEmailTokensOf(userId: string, purpose: EmailTokenPurpose): Promise<void> {
    await this.db
      .updateTable('email_tokens')
      .set({ used_at: new Date().toISOString() })
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
  }

  /** Queues an account mail; the job decides, by the address, whether and what to send. */
  async enqueueAccountMail(payload: AccountMailPayload): Promise<void> {
    await enqueueJob(this.db, ACCOUNT_MAIL_JOB, payload);
  }
}
