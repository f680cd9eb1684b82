import type { Kysely, Transaction } from 'kysely';
import type { Database } from './database.js';
import type { DatabaseSchema } from './schema.js';

/** What a repository that changes a public profile needs of the database. */
export type ProfileStore = Pick<Database, 'db' | 'changes'>;

/**
 * Runs `work` in a transaction that first bumps the user's profile version (marking every cached
 * public answer of the user stale, in every process: fast-path/), so the bump
 * commits or rolls back with the change. On PostgreSQL the bump also locks the user's row until
 * the transaction ends. Once it has committed, waits for the change feed to settle, so the
 * writer's answer never reaches its client before another process could still serve the old
 * page.
 */
export async function changeProfile<T>(
  store: ProfileStore,
  userId: string,
  work: (trx: Transaction<DatabaseSchema>) => Promise<T>,
  alsoSet: { updated_at?: string } = {},
): Promise<T> {
  const result = await store.db.transaction().execute(async (trx) => {
    await bumpProfileVersion(trx, userId, alsoSet);
    return work(trx);
  });
  await store.changes.settle();
  return result;
}

/** Removes a user (whose public answers go with them), then waits like `changeProfile`. */
export async function deleteProfile(store: ProfileStore, userId: string): Promise<void> {
  await store.db.deleteFrom('users').where('id', '=', userId).execute();
  await store.changes.settle();
}

async function bumpProfileVersion(
  db: Kysely<DatabaseSchema>,
  userId: string,
  alsoSet: { updated_at?: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ ...alsoSet, profile_version: eb('profile_version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}
