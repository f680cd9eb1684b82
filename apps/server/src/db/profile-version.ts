import type { Transaction } from 'kysely';
import type { DatabaseSchema } from './schema.js';

/**
 * Marks every cached public answer of the user stale (modules/public-profile): called first in
 * the transaction of every write a visitor can see, so the bump commits or rolls back with it. On
 * PostgreSQL the update also locks the user's row until the transaction ends.
 */
export async function bumpProfileVersion(
  trx: Transaction<DatabaseSchema>,
  userId: string,
  alsoSet: { updated_at?: string } = {},
): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ ...alsoSet, profile_version: eb('profile_version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}
