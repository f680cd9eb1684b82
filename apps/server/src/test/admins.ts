import type { Database } from '../db/database.js';
import { newSignedInUser, type MailingApp, type SignedIn } from './accounts.js';

/**
 * Makes the account with `email` an admin, as `npm run admin -- grant` does: a row of `admins`.
 * Tests of the admin routes use it; the CLI has tests of its own.
 */
export async function makeAdmin(database: Pick<Database, 'db'>, email: string): Promise<void> {
  const user = await database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirstOrThrow();
  await database.db
    .insertInto('admins')
    .values({ user_id: user.id, granted_at: new Date().toISOString() })
    .execute();
}

/** A new account, signed in and made an admin: the acting admin of the moderation tests. */
export async function newSignedInAdmin(
  t: MailingApp & { database: Pick<Database, 'db'> },
  prefix = 'Admin',
): Promise<SignedIn> {
  const admin = await newSignedInUser(t, prefix);
  await makeAdmin(t.database, admin.email);
  return admin;
}
