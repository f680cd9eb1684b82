import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on today's schema types, which move on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('display_name_key', 'text', (c) => c.notNull())
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('profile_image_key', 'text')
    .addColumn('email_verified_at', 'text')
    .addColumn('subscription_tier', 'text', (c) =>
      c
        .notNull()
        .defaultTo('free')
        .check(sql`subscription_tier in ('free', 'unlimited')`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.createIndex('users_email_key').on('users').column('email').unique().execute();
  await db.schema
    .createIndex('users_display_name_key')
    .on('users')
    .column('display_name_key')
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('users').execute();
}
