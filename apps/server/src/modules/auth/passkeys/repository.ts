import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema } from '../../../db/schema.js';
import { NO_PASSWORD_HASH } from '../../users/index.js';

export interface StoredPasskey {
  id: string;
  credentialId: string;
  userId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/**
 * What a challenge is for: making a passkey ('register': for the account `userId` names, or with
 * no account for a sign-up) or signing in.
 */
export type ChallengePurpose = 'register' | 'sign-in';

export interface StoredChallenge {
  challenge: string;
  userId: string | null;
}

type PasskeyRow = Selectable<DatabaseSchema['passkeys']>;

function toPasskey(row: PasskeyRow): StoredPasskey {
  return {
    id: row.id,
    credentialId: row.credential_id,
    userId: row.user_id,
    publicKey: row.public_key,
    counter: Number(row.counter),
    transports: row.transports ? row.transports.split(',') : [],
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

/** The passkeys table and the WebAuthn challenges awaiting their answers. */
export class PasskeysRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** Keeps a challenge, clearing expired ones on the way so the table stays small without a job. */
  async insertChallenge(challenge: {
    id: string;
    challenge: string;
    purpose: ChallengePurpose;
    userId: string | null;
    expiresAt: string;
  }): Promise<void> {
    await this.db
      .deleteFrom('webauthn_challenges')
      .where('expires_at', '<=', new Date().toISOString())
      .execute();
    await this.db
      .insertInto('webauthn_challenges')
      .values({
        id: challenge.id,
        challenge: challenge.challenge,
        purpose: challenge.purpose,
        user_id: challenge.userId,
        expires_at: challenge.expiresAt,
      })
      .execute();
  }

  /**
   * Spends a live challenge of that purpose and account (`null`: one made for no account): the
   * delete decides, so of two answers racing with one challenge exactly one gets it. Undefined
   * when it was used, expired or never existed.
   */
  async takeChallenge(
    id: string,
    purpose: ChallengePurpose,
    userId: string | null,
  ): Promise<StoredChallenge | undefined> {
    let query = this.db
      .selectFrom('webauthn_challenges')
      .select(['challenge', 'user_id', 'expires_at'])
      .where('id', '=', id)
      .where('purpose', '=', purpose);
    query =
      userId === null ? query.where('user_id', 'is', null) : query.where('user_id', '=', userId);
    const row = await query.executeTakeFirst();
    if (!row) return undefined;
    const deleted = await this.db
      .deleteFrom('webauthn_challenges')
      .where('id', '=', id)
      .executeTakeFirst();
    if (deleted.numDeletedRows === 0n) return undefined;
    if (Date.parse(row.expires_at) <= Date.now()) return undefined;
    return { challenge: row.challenge, userId: row.user_id };
  }

  /** `db` is a transaction the passkey joins (a sign-up's), or the database. */
  async insertPasskey(
    passkey: Omit<StoredPasskey, 'lastUsedAt'>,
    db: Kysely<DatabaseSchema> = this.db,
  ): Promise<void> {
    await db
      .insertInto('passkeys')
      .values({
        id: passkey.id,
        credential_id: passkey.credentialId,
        user_id: passkey.userId,
        public_key: passkey.publicKey,
        counter: passkey.counter,
        transports: passkey.transports.join(','),
        name: passkey.name,
        created_at: passkey.createdAt,
      })
      .execute();
  }

  /** The account's passkeys, oldest first (the order they were added). */
  async listOf(userId: string): Promise<StoredPasskey[]> {
    const rows = await this.db
      .selectFrom('passkeys')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toPasskey);
  }

  async countOf(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('passkeys')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async findByCredentialId(credentialId: string): Promise<StoredPasskey | undefined> {
    const row = await this.db
      .selectFrom('passkeys')
      .selectAll()
      .where('credential_id', '=', credentialId)
      .executeTakeFirst();
    return row && toPasskey(row);
  }

  async findOf(userId: string, id: string): Promise<StoredPasskey | undefined> {
    const row = await this.db
      .selectFrom('passkeys')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && toPasskey(row);
  }

  /** A sign-in: the counter the authenticator reported and when. */
  async recordUse(id: string, counter: number, at: string): Promise<void> {
    await this.db
      .updateTable('passkeys')
      .set({ counter, last_used_at: at })
      .where('id', '=', id)
      .execute();
  }

  /** False when the account has no passkey with that id. */
  async rename(userId: string, id: string, name: string): Promise<boolean> {
    const result = await this.db
      .updateTable('passkeys')
      .set({ name })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Removes the account's passkey: 'not-found' when it has none with that id, 'last' (and nothing
   * removed) when it is the only passkey of an account without a password. The account row is
   * written first (a no-op write), which takes its lock on PostgreSQL (SQLite runs one writer at a
   * time), so two removals racing for an account's last two passkeys cannot both pass the count.
   */
  async remove(userId: string, id: string): Promise<'removed' | 'not-found' | 'last'> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set((eb) => ({ id: eb.ref('id') }))
        .where('id', '=', userId)
        .execute();
      const account = await trx
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!account) return 'not-found';
      const mine = await trx
        .selectFrom('passkeys')
        .select('id')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!mine) return 'not-found';
      if (account.password_hash === NO_PASSWORD_HASH) {
        const row = await trx
          .selectFrom('passkeys')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        if (Number(row.n) <= 1) return 'last';
      }
      await trx.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).execute();
      return 'removed';
    });
  }
}
