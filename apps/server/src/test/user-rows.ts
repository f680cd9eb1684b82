import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.js';

/**
 * A bare account row for `displayName` (a password hash that matches nothing, not verified), as
 * the data layer's tests insert it when they need a user to exist rather than a signed-in one.
 */
export function userRow(displayName: string, email = `${displayName}@example.com`) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    email: email.trim().toLowerCase(),
    password_hash: 'x',
    display_name: displayName,
    display_name_key: displayName.toLowerCase(),
    created_at: now,
    updated_at: now,
  };
}

/** Inserts userRow(displayName) and returns its id. */
export async function insertUser(database: Pick<Database, 'db'>, displayName: string) {
  const row = userRow(displayName);
  await database.db.insertInto('users').values(row).execute();
  return row.id;
}
