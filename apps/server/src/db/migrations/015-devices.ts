import type { Kysely } from 'kysely';

/**
 * What Settings shows of each signed-in session (the device and browser read from its User-Agent,
 * the country of its address, when it was last used), and the devices an account has signed in
 * from before: a sign-in from one not listed mails the owner, and guesses from a listed one never
 * meet the account-wide ceiling. A device is a random id in a long-lived cookie, kept hashed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('device', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('browser', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('sessions').addColumn('country', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('last_seen_at', 'text').execute();
  await db.schema
    .createTable('known_devices')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('known_devices_pk', ['user_id', 'device_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('known_devices').execute();
  for (const column of ['last_seen_at', 'country', 'browser', 'device']) {
    await db.schema.alterTable('sessions').dropColumn(column).execute();
  }
}
