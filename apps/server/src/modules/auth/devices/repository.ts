import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DatabaseSchema } from '../../../db/schema.js';

/** What the account's known devices say of the device signing in. */
export interface DeviceRecognition {
  /** The account signed in from this device before. */
  known: boolean;
  /** The account signed in from some device before: false until its first sign-in. */
  anyKnown: boolean;
}

export interface StoredSession {
  id: string;
  device: string;
  browser: string;
  country: string | null;
  createdAt: string;
  lastSeenAt: string;
}

/** The sessions' device columns and the account's known devices (hashes of device ids). */
export class DevicesRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async describeSession(
    sessionId: string,
    facts: { device: string; browser: string; country: string | null; at: string },
  ): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({
        device: facts.device,
        browser: facts.browser,
        country: facts.country,
        last_seen_at: facts.at,
      })
      .where('id', '=', sessionId)
      .execute();
  }

  async touchSession(sessionId: string, at: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ last_seen_at: at })
      .where('id', '=', sessionId)
      .execute();
  }

  /** Live sessions used since `since`, most recently used first. */
  async liveSessions(userId: string, since: string): Promise<StoredSession[]> {
    const lastSeen = sql<string>`coalesce(last_seen_at, created_at)`;
    const rows = await this.db
      .selectFrom('sessions')
      .select(['id', 'device', 'browser', 'country', 'created_at', lastSeen.as('seen')])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where(lastSeen, '>=', since)
      .orderBy(lastSeen, 'desc')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      device: row.device,
      browser: row.browser,
      country: row.country,
      createdAt: row.created_at,
      lastSeenAt: row.seen,
    }));
  }

  /** Ends one live session of the user; false when it is not theirs or already over. */
  async revokeSession(userId: string, sessionId: string): Promise<boolean> {
    const result = await this.db
      .updateTable('sessions')
      .set({ revoked_at: new Date().toISOString() })
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Whether the account signed in from this device before, and from any device: one statement,
   * two index probes, however many devices the account has kept.
   */
  async recognition(userId: string, deviceHash: string): Promise<DeviceRecognition> {
    const row = await this.db
      .selectNoFrom((eb) => [
        eb
          .exists(
            eb
              .selectFrom('known_devices')
              .select('user_id')
              .where('user_id', '=', userId)
              .where('device_hash', '=', deviceHash),
          )
          .as('known'),
        eb
          .exists(eb.selectFrom('known_devices').select('user_id').where('user_id', '=', userId))
          .as('any_known'),
      ])
      .executeTakeFirstOrThrow();
    // SQLite answers 0 or 1, PostgreSQL a boolean.
    return { known: Boolean(row.known), anyKnown: Boolean(row.any_known) };
  }

  async remember(userId: string, deviceHash: string, at: string): Promise<void> {
    await this.db
      .insertInto('known_devices')
      .values({ user_id: userId, device_hash: deviceHash, created_at: at, last_seen_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'device_hash']).doUpdateSet({ last_seen_at: at }))
      .execute();
  }
}
