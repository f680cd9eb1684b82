import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';

/** What became of an attempt to take a key for a new request. */
export type Reservation =
  /** `reservedAt` names this use of the key: a key can be used again once it has expired. */
  | { outcome: 'reserved'; reservedAt: string }
  /**
   * The first request with this key is still running, or a crash cut it off. `leaseOver`: it was
   * reserved before the lease's cut-off, longer ago than any request may run, so it is not running.
   */
  | { outcome: 'in-progress'; reservedAt: string | null; leaseOver: boolean }
  /** The first request finished: answer this again. */
  | { outcome: 'answered'; status: number; body: string }
  /** The key was first used for another method or path. */
  | { outcome: 'other-request' };

export interface KeyRef {
  userId: string;
  key: string;
}

/** The idempotency_keys table. Every query names its owner, so keys are per user. */
export class IdempotencyRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * Takes the key for a request unless a live row holds it. The insert on the primary key is the
   * lock: of two racing requests exactly one inserts. A row older than `expiredBefore` no longer
   * counts: it is dropped and the insert tried once more.
   */
  async reserve(
    ref: KeyRef,
    fingerprint: string,
    cutoffs: { expiredBefore: Date; leaseOverBefore: Date },
    isRetry = false,
  ): Promise<Reservation> {
    const { expiredBefore } = cutoffs;
    const reservedAt = new Date().toISOString();
    const inserted = await this.db
      .insertInto('idempotency_keys')
      .values({
        user_id: ref.userId,
        key: ref.key,
        fingerprint,
        status: null,
        response_body: null,
        created_at: reservedAt,
      })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) {
      return { outcome: 'reserved', reservedAt };
    }

    const row = await this.db
      .selectFrom('idempotency_keys')
      .select(['fingerprint', 'status', 'response_body', 'created_at'])
      .where(isKey(ref))
      .executeTakeFirst();
    const cutoff = expiredBefore.toISOString();
    // Gone since the insert (its request failed and gave it back), or expired: try once more.
    if (!row || row.created_at < cutoff) {
      if (isRetry) return { outcome: 'in-progress', reservedAt: null, leaseOver: false };
      if (row) {
        await this.db
          .deleteFrom('idempotency_keys')
          .where(isKey(ref))
          .where('created_at', '<', cutoff)
          .execute();
      }
      return this.reserve(ref, fingerprint, cutoffs, true);
    }
    if (row.fingerprint !== fingerprint) return { outcome: 'other-request' };
    if (row.status === null || row.response_body === null) {
      const leaseOver = row.created_at < cutoffs.leaseOverBefore.toISOString();
      return { outcome: 'in-progress', reservedAt: row.created_at, leaseOver };
    }
    return { outcome: 'answered', status: row.status, body: row.response_body };
  }

  /**
   * Takes over a reservation whose lease is over, for a new run of the same request: its time
   * becomes now. Conditional on the reservation still being the one the caller saw, so of two
   * retries racing for it exactly one gets it. Answers the new reservation's time, or undefined
   * when another retry (or a late answer) got there first.
   */
  async takeOver(ref: KeyRef, seenReservedAt: string): Promise<string | undefined> {
    const reservedAt = new Date().toISOString();
    const updated = await this.db
      .updateTable('idempotency_keys')
      .set({ created_at: reservedAt })
      .where(isKey(ref))
      .where('status', 'is', null)
      .where('created_at', '=', seenReservedAt)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0 ? reservedAt : undefined;
  }

  /** Records the answer of the request that holds the key. */
  async complete(ref: KeyRef, status: number, body: string): Promise<void> {
    await this.db
      .updateTable('idempotency_keys')
      .set({ status, response_body: body })
      .where(isKey(ref))
      .where('status', 'is', null)
      .execute();
  }

  /** Gives the key back, so the same request may be tried again. */
  async release(ref: KeyRef): Promise<void> {
    await this.db
      .deleteFrom('idempotency_keys')
      .where(isKey(ref))
      .where('status', 'is', null)
      .execute();
  }

  /** Removes every key older than the cut-off; answers how many went. */
  async deleteExpired(expiredBefore: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('idempotency_keys')
      .where('created_at', '<', expiredBefore.toISOString())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

/** The row of one user's key: every query names its owner. */
function isKey(ref: KeyRef) {
  return (eb: ExpressionBuilder<DatabaseSchema, 'idempotency_keys'>) =>
    eb.and({ user_id: ref.userId, key: ref.key });
}
