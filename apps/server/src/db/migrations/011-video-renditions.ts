import { sql, type Kysely } from 'kysely';

/**
 * Videos are processed after the upload: `media_status` says whether a record's rendition is
 * ready, and `original_key` keeps the uploaded file privately (never served to visitors) for the
 * owner's export and for processing again. Records made before this are ready, with no original.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('pb_records')
    .addColumn('media_status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('ready')
        .check(sql`media_status in ('ready', 'processing', 'failed')`),
    )
    .execute();
  await db.schema.alterTable('pb_records').addColumn('original_key', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pb_records').dropColumn('original_key').execute();
  await db.schema.alterTable('pb_records').dropColumn('media_status').execute();
}
