import type { Kysely } from 'kysely';

/**
 * `users.profile_version` counts the changes a visitor of the public page can see (profile, PBs,
 * username): every such write bumps it in its own transaction, so each server process can tell
 * with one indexed read whether the answer it keeps for a profile is still current.
 *
 * `username_holds` keeps a username someone renamed away from, for a while: the old links answer
 * with a redirect to the owner's current name, and nobody else can register or take the name
 * until `held_until` (ISO-8601 UTC) has passed. Holds go with the account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('profile_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('username_holds')
    // usernameKey of the old name: trimmed and lower-cased, like users.display_name_key.
    .addColumn('name_key', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('held_until', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('username_holds_user_id')
    .on('username_holds')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('username_holds_held_until')
    .on('username_holds')
    .column('held_until')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('username_holds').execute();
  await db.schema.alterTable('users').dropColumn('profile_version').execute();
}
