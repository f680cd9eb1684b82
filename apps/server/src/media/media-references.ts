import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';

/** Every storage key a row points at: avatars and each record's media, card, poster, original. */
export async function referencedMediaKeys(db: Kysely<DatabaseSchema>): Promise<Set<string>> {
  const [avatars, records] = await Promise.all([
    db
      .selectFrom('users')
      .select('profile_image_key')
      .where('profile_image_key', 'is not', null)
      .execute(),
    db
      .selectFrom('pb_records')
      .select(['media_key', 'card_key', 'poster_key', 'original_key'])
      .execute(),
  ]);
  const keys = new Set<string>();
  for (const { profile_image_key: key } of avatars) if (key) keys.add(key);
  for (const record of records) {
    keys.add(record.media_key);
    if (record.card_key) keys.add(record.card_key);
    if (record.poster_key) keys.add(record.poster_key);
    if (record.original_key) keys.add(record.original_key);
  }
  return keys;
}
