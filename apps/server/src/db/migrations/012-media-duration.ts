import type { Kysely } from 'kysely';

/**
 * How long a record's video plays, in seconds, so its card can show the length before it is
 * opened. Filled at upload from the file's samples and again by the video job from its rendition;
 * null for photos and for videos stored before this until a video job runs on them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('pb_records')
    .addColumn('media_duration_seconds', 'double precision')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pb_records').dropColumn('media_duration_seconds').execute();
}
