import type { Kysely } from 'kysely';

/**
 * Usernames of deleted accounts, kept from everyone until `retired_until` (ISO-8601 UTC): the
 * account's name and the old names it held when it was deleted. Without this a deleted account's
 * names were free at once, and links shared under them would show whoever took the name next.
 * Not tied to a user (the account is gone), so not in username_holds, whose rows go with theirs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('retired_usernames')
    // usernameKey of the name: trimmed and lower-cased, like users.display_name_key.
    .addColumn('name_key', 'text', (c) => c.primaryKey())
    .addColumn('retired_until', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('retired_usernames_retired_until')
    .on('retired_usernames')
    .column('retired_until')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('retired_usernames').execute();
}
