import type { Kysely } from 'kysely';

/**
 * How many bytes each record's stored media takes (renditions, or the video and its poster), so
 * an account's storage can be added up for its quota. Records made before this count as 0.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('pb_records')
    .addColumn('media_bytes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pb_records').dropColumn('media_bytes').execute();
}
