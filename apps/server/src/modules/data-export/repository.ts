import type { Category, MediaType, Unit } from '@pbshare/shared';
import type { Kysely } from 'kysely';
import { bumpProfileVersion } from '../../db/profile-version.js';
import type { DatabaseSchema } from '../../db/schema.js';
import type { StoredMedia } from '../../media/pb-media.js';

/** One record as the archive needs it: its fields and the keys of its stored files. */
export interface ArchivedRecord {
  id: string;
  amount: number;
  unit: Unit;
  sets: number | null;
  reps: number | null;
  story: string;
  achievedOn: string;
  createdAt: string;
  mediaType: MediaType;
  mediaKey: string;
  cardKey: string | null;
  posterKey: string | null;
}

export interface ArchivedExercise {
  title: string;
  category: Category;
  isVisible: boolean;
  records: ArchivedRecord[];
}

/** An exercise to import, its records' media already stored. */
export interface ImportedExercise {
  id: string;
  title: string;
  titleKey: string;
  category: Category;
  isVisible: boolean;
  records: {
    id: string;
    amount: number;
    unit: Unit;
    sets: number | null;
    reps: number | null;
    story: string;
    achievedOn: string;
    createdAt: string;
    media: StoredMedia;
  }[];
}

export type ImportOutcome =
  { done: true; replacedAvatarKey: string | null } | { done: false; reason: 'not-empty' };

/** The SQL of "Download my data": one account read whole, and written whole in one transaction. */
export class DataExportRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** The user's exercises in profile order, each with its records, oldest first. */
  async exercisesOf(userId: string): Promise<ArchivedExercise[]> {
    const [exercises, records] = await Promise.all([
      this.db
        .selectFrom('exercises')
        .select(['id', 'title', 'category', 'is_visible'])
        .where('user_id', '=', userId)
        .orderBy('position')
        .orderBy('created_at')
        .execute(),
      this.db
        .selectFrom('pb_records')
        .select([
          'id',
          'exercise_id',
          'amount',
          'unit',
          'sets',
          'reps',
          'story',
          'achieved_on',
          'created_at',
          'media_type',
          'media_key',
          'card_key',
          'poster_key',
        ])
        .where('user_id', '=', userId)
        .orderBy('achieved_on')
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
    ]);
    const byExercise = new Map<string, ArchivedRecord[]>();
    for (const row of records) {
      const record: ArchivedRecord = {
        id: row.id,
        amount: row.amount,
        unit: row.unit,
        sets: row.sets,
        reps: row.reps,
        story: row.story,
        achievedOn: row.achieved_on,
        createdAt: row.created_at,
        mediaType: row.media_type,
        mediaKey: row.media_key,
        cardKey: row.card_key,
        posterKey: row.poster_key,
      };
      const own = byExercise.get(row.exercise_id);
      if (own) own.push(record);
      else byExercise.set(row.exercise_id, [record]);
    }
    return exercises.map((row) => ({
      title: row.title,
      category: row.category,
      isVisible: row.is_visible === 1,
      records: byExercise.get(row.id) ?? [],
    }));
  }

  async hasExercises(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('exercises')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Writes the exercises, their records and the profile's bio and avatar in one transaction,
   * which first takes the user's row (bumping the profile version, as every visible write does)
   * and then makes sure the account still has no PB: an import racing a new PB loses.
   */
  async importInto(
    userId: string,
    exercises: ImportedExercise[],
    profile: { bio?: string; avatarKey?: string },
  ): Promise<ImportOutcome> {
    return this.db.transaction().execute(async (trx): Promise<ImportOutcome> => {
      const now = new Date().toISOString();
      await bumpProfileVersion(trx, userId, { updated_at: now });
      const existing = await trx
        .selectFrom('exercises')
        .select('id')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (existing) return { done: false, reason: 'not-empty' };

      for (const [position, exercise] of exercises.entries()) {
        await trx
          .insertInto('exercises')
          .values({
            id: exercise.id,
            user_id: userId,
            title: exercise.title,
            title_key: exercise.titleKey,
            category: exercise.category,
            is_visible: exercise.isVisible ? 1 : 0,
            position,
            created_at: now,
            updated_at: now,
          })
          .execute();
        for (const record of exercise.records) {
          await trx
            .insertInto('pb_records')
            .values({
              id: record.id,
              exercise_id: exercise.id,
              user_id: userId,
              amount: record.amount,
              unit: record.unit,
              sets: record.sets,
              reps: record.reps,
              story: record.story,
              achieved_on: record.achievedOn,
              created_at: record.createdAt,
              media_type: record.media.type,
              media_key: record.media.mediaKey,
              card_key: record.media.cardKey,
              poster_key: record.media.posterKey,
              width: record.media.width,
              height: record.media.height,
              media_bytes: record.media.bytes,
            })
            .execute();
        }
      }

      const before = await trx
        .selectFrom('users')
        .select('profile_image_key')
        .where('id', '=', userId)
        .executeTakeFirst();
      if (profile.bio !== undefined || profile.avatarKey !== undefined) {
        await trx
          .updateTable('users')
          .set({
            ...(profile.bio !== undefined && { bio: profile.bio }),
            ...(profile.avatarKey !== undefined && { profile_image_key: profile.avatarKey }),
          })
          .where('id', '=', userId)
          .execute();
      }
      const replaced = profile.avatarKey !== undefined ? before?.profile_image_key : null;
      return { done: true, replacedAvatarKey: replaced ?? null };
    });
  }
}
