import { sql, type Kysely } from 'kysely';

/**
 * Imports of "Download my data" archives: checked when they arrive, then read by the
 * `data-import` job. A row says whose import it is, where its archive waits in the media store,
 * and how it ended. The partial unique index lets an account have one import queued or running
 * at a time, on both databases, with no lock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('archive_key', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('result', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('data_imports_user_created')
    .on('data_imports')
    .columns(['user_id', 'created_at'])
    .execute();
  await sql`create unique index data_imports_one_open on data_imports (user_id) where status in ('queued', 'running')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('data_imports').execute();
}
