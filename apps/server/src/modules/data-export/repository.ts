import type { Category, Unit } from '@pbshare/shared';
import type { Kysely, Transaction } from 'kysely';
import { changeProfile, type ProfileStore } from '../../db/profile-version.js';
import type { DatabaseSchema } from '../../db/schema.js';
import type { StoredMedia } from '../../media/pb-media.js';
import { queueMediaWork, recordColumns } from '../pbs/index.js';
import { ImportsRepository } from './imports-repository.js';

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

/** The SQL of "Download my data" that PBs do not already have: an account written whole in one transaction. */
export class DataExportRepository {
  private readonly db: Kysely<DatabaseSchema>;
  /** The imports' own table. */
  readonly imports: ImportsRepository;

  constructor(private readonly store: ProfileStore) {
    this.db = store.db;
    this.imports = new ImportsRepository(store.db);
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
   * and then makes sure the account still has no PB: an import racing a new PB loses. `alsoDo`
   * runs last in the same transaction (the import's row marked done).
   */
  async importInto(
    userId: string,
    exercises: ImportedExercise[],
    profile: { bio?: string; avatarKey?: string },
    alsoDo?: (trx: Transaction<DatabaseSchema>) => Promise<void>,
  ): Promise<ImportOutcome> {
    const now = new Date().toISOString();
    return changeProfile(
      this.store,
      userId,
      async (trx): Promise<ImportOutcome> => {
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
              .values(recordColumns(userId, exercise.id, record, record.createdAt))
              .execute();
            await queueMediaWork(trx, userId, record.id, record.media);
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
        await alsoDo?.(trx);
        return { done: true, replacedAvatarKey: replaced ?? null };
      },
      { updated_at: now },
    );
  }
}
