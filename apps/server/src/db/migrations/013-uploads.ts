import type { Kysely } from 'kysely';

/**
 * Resumable (tus) uploads in progress or waiting to become a PB's media. The bytes live in the
 * media store under `uploads/<id>/`; this row says whose they are, how many have arrived, when
 * the upload expires, which stored pieces hold its bytes, and whether a PB has taken it (so an id cannot be used twice).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('length', 'integer', (c) => c.notNull())
    .addColumn('received', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pieces', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('metadata', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('uploads_user_id').on('uploads').column('user_id').execute();
  await db.schema.createIndex('uploads_expires_at').on('uploads').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('uploads').execute();
}
