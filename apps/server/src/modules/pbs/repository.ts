import type { Category, ModerationState, Unit } from '@pbshare/shared';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { changeProfile, type ProfileStore } from '../../db/profile-version.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { enqueueJob } from '../../jobs/jobs.js';
import type { StoredMedia } from '../../media/pb-media.js';
import { isRenditionKey, VIDEO_JOB, type VideoJobPayload } from './video-job-kind.js';

export interface ExerciseRow {
  id: string;
  title: string;
  category: Category;
  isVisible: boolean;
  position: number;
  /** Set while moderation hides the exercise; it stays hidden until a moderator restores it. */
  moderation: ModerationState | null;
}

/** Work another module does in the transaction of a write here (moderation's audit entry). */
export type AlsoInTransaction = (trx: Transaction<DatabaseSchema>) => Promise<void>;

export interface RecordRow {
  id: string;
  exerciseId: string;
  amount: number;
  unit: Unit;
  sets: number | null;
  reps: number | null;
  story: string;
  achievedOn: string;
  createdAt: string;
  media: StoredMedia;
}

/** A record as the service hands it over: the rest is the repository's to fill in. */
export type NewRecord = Omit<RecordRow, 'exerciseId' | 'createdAt'>;

const EXERCISE_COLUMNS = [
  'id',
  'title',
  'category',
  'is_visible',
  'position',
  'moderation_hidden_at',
  'moderation_reason',
] as const;
const RECORD_COLUMNS = [
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
  'width',
  'height',
  'media_bytes',
  'media_status',
  'original_key',
  'media_duration_seconds',
] as const;

function toExercise(
  row: Pick<Selectable<DatabaseSchema['exercises']>, (typeof EXERCISE_COLUMNS)[number]>,
): ExerciseRow {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    isVisible: row.is_visible === 1,
    position: row.position,
    moderation:
      row.moderation_hidden_at === null
        ? null
        : { at: row.moderation_hidden_at, reason: row.moderation_reason ?? '' },
  };
}

function toRecord(
  row: Pick<Selectable<DatabaseSchema['pb_records']>, (typeof RECORD_COLUMNS)[number]>,
): RecordRow {
  return {
    id: row.id,
    exerciseId: row.exercise_id,
    amount: row.amount,
    unit: row.unit,
    sets: row.sets,
    reps: row.reps,
    story: row.story,
    achievedOn: row.achieved_on,
    createdAt: row.created_at,
    media: {
      type: row.media_type,
      mediaKey: row.media_key,
      cardKey: row.card_key,
      posterKey: row.poster_key,
      width: row.width,
      height: row.height,
      bytes: row.media_bytes,
      status: row.media_status,
      originalKey: row.original_key,
      durationSeconds: row.media_duration_seconds,
    },
  };
}

/** Exercises and their records. Every query is scoped to the owner's user id. */
export class PbsRepository {
  private readonly db: Kysely<DatabaseSchema>;

  constructor(private readonly store: ProfileStore) {
    this.db = store.db;
  }

  /**
   * Runs `work` in a transaction holding the user's row, so two requests of one user that check
   * a count (the free cap) or rewrite the order cannot interleave. SQLite transactions are
   * serialised already; PostgreSQL needs the row lock, which the first statement takes: it bumps
   * the user's profile version, so every process's cached public page of the user is stale from
   * the moment the change commits (and stays current if it rolls back). The writes exist only on
   * the `tx` handed to `work`, so no change can be made outside such a transaction. `alsoDo` runs
   * after `work`, in the same transaction.
   */
  async forUser<T>(
    userId: string,
    work: (tx: PbsTx) => Promise<T>,
    alsoDo?: AlsoInTransaction,
  ): Promise<T> {
    return changeProfile(this.store, userId, async (trx) => {
      const result = await work(new PbsTx(trx, userId));
      await alsoDo?.(trx);
      return result;
    });
  }

  async exercisesOf(userId: string): Promise<ExerciseRow[]> {
    const rows = await exercisesOfUser(this.db, userId)
      .orderBy('position')
      .orderBy('created_at')
      .execute();
    return rows.map(toExercise);
  }

  async recordsOf(userId: string): Promise<RecordRow[]> {
    return (await recordsOfUser(this.db, userId).execute()).map(toRecord);
  }

  async recordsOfExercise(userId: string, exerciseId: string): Promise<RecordRow[]> {
    return new PbReads(this.db, userId).recordsOfExercise(exerciseId);
  }

  async findRecord(userId: string, recordId: string): Promise<RecordRow | undefined> {
    return new PbReads(this.db, userId).findRecord(recordId);
  }

  async findExercise(userId: string, exerciseId: string): Promise<ExerciseRow | undefined> {
    return new PbReads(this.db, userId).findExercise(exerciseId);
  }

  /** Bytes of media the user stores, for the storage quota. */
  async storedBytes(userId: string): Promise<number> {
    return new PbReads(this.db, userId).storedBytes();
  }

  /**
   * Videos stored before processing existed (no original kept), of every user, in id order from
   * `afterId`: what `npm run media:backfill` hands to the video job, a page at a time.
   */
  async legacyVideos(
    afterId: string,
    limit: number,
  ): Promise<{ id: string; userId: string; mediaKey: string }[]> {
    const rows = await this.db
      .selectFrom('pb_records')
      .select(['id', 'user_id', 'media_key'])
      .where('media_type', '=', 'video')
      .where('original_key', 'is', null)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: r.id, userId: r.user_id, mediaKey: r.media_key }));
  }

  /**
   * Videos with an original but no length (stored before lengths were kept), of every user, in
   * id order from `afterId`: what `npm run media:backfill` measures, a page at a time.
   */
  async unmeasuredVideos(
    afterId: string,
    limit: number,
  ): Promise<{ id: string; userId: string; originalKey: string }[]> {
    const rows = await this.db
      .selectFrom('pb_records')
      .select(['id', 'user_id', 'original_key'])
      .where('media_type', '=', 'video')
      .where('original_key', 'is not', null)
      .$narrowType<{ original_key: string }>()
      .where('media_duration_seconds', 'is', null)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: r.id, userId: r.user_id, originalKey: r.original_key }));
  }

  /** Every stored media key of the user, for removing files when the account goes. */
  async mediaKeysOf(userId: string): Promise<StoredMedia[]> {
    return (await this.recordsOf(userId)).map((r) => r.media);
  }
}

/** The user's exercises, as a query to narrow: every read of them starts here. */
function exercisesOfUser(db: Kysely<DatabaseSchema>, userId: string) {
  return db.selectFrom('exercises').select(EXERCISE_COLUMNS).where('user_id', '=', userId);
}

/** The user's records, as a query to narrow: every read of them starts here. */
function recordsOfUser(db: Kysely<DatabaseSchema>, userId: string) {
  return db.selectFrom('pb_records').select(RECORD_COLUMNS).where('user_id', '=', userId);
}

/** Reads of one user's PBs, on the database or inside a transaction. */
class PbReads<Db extends Kysely<DatabaseSchema> = Kysely<DatabaseSchema>> {
  constructor(
    protected readonly db: Db,
    protected readonly userId: string,
  ) {}

  async findRecord(recordId: string): Promise<RecordRow | undefined> {
    const row = await recordsOfUser(this.db, this.userId)
      .where('id', '=', recordId)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  async findExercise(exerciseId: string): Promise<ExerciseRow | undefined> {
    return this.findExerciseWhere('id', exerciseId);
  }

  async findExerciseByTitleKey(titleKey: string): Promise<ExerciseRow | undefined> {
    return this.findExerciseWhere('title_key', titleKey);
  }

  private async findExerciseWhere(
    column: 'id' | 'title_key',
    value: string,
  ): Promise<ExerciseRow | undefined> {
    const row = await exercisesOfUser(this.db, this.userId)
      .where(column, '=', value)
      .executeTakeFirst();
    return row && toExercise(row);
  }

  async recordsOfExercise(exerciseId: string): Promise<RecordRow[]> {
    const rows = await recordsOfUser(this.db, this.userId)
      .where('exercise_id', '=', exerciseId)
      .execute();
    return rows.map(toRecord);
  }

  /** Bytes of media the user stores, leaving out one record (the one whose media is replaced). */
  async storedBytes(exceptRecordId?: string): Promise<number> {
    let query = this.db
      .selectFrom('pb_records')
      .select((eb) => eb.fn.sum<number | string | null>('media_bytes').as('bytes'))
      .where('user_id', '=', this.userId);
    if (exceptRecordId) query = query.where('id', '!=', exceptRecordId);
    const row = await query.executeTakeFirst();
    // PostgreSQL sums integers as bigint, which its driver hands over as a string.
    return Number(row?.bytes ?? 0);
  }
}

/**
 * The queries that change PBs, bound to one user and to the transaction `forUser` opened: it is
 * made nowhere else, and its constructor takes only a transaction.
 */
class PbsTx extends PbReads<Transaction<DatabaseSchema>> {
  async countExercises(): Promise<number> {
    const row = await this.db
      .selectFrom('exercises')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('user_id', '=', this.userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The exercise of each of these records that the user owns; others are simply absent. */
  async exerciseIdsOfRecords(recordIds: readonly string[]): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('pb_records')
      .select(['id', 'exercise_id'])
      .where('id', 'in', recordIds)
      .where('user_id', '=', this.userId)
      .execute();
    return new Map(rows.map((row) => [row.id, row.exercise_id]));
  }

  /** Adds the exercise at the front of the list, where a new PB is easiest to find. */
  async insertExercise(exercise: {
    id: string;
    title: string;
    titleKey: string;
    category: Category;
  }): Promise<void> {
    const now = new Date().toISOString();
    const first = await this.db
      .selectFrom('exercises')
      .select((eb) => eb.fn.min<number | null>('position').as('min'))
      .where('user_id', '=', this.userId)
      .executeTakeFirst();
    const min = first?.min ?? null;
    const position = min === null ? 0 : min - 1;
    await this.db
      .insertInto('exercises')
      .values({
        id: exercise.id,
        user_id: this.userId,
        title: exercise.title,
        title_key: exercise.titleKey,
        category: exercise.category,
        position,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  async updateExercise(
    exerciseId: string,
    changes: {
      title?: string;
      titleKey?: string;
      category?: Category;
      isVisible?: boolean;
      moderation?: ModerationState | null;
    },
  ): Promise<void> {
    const { moderation } = changes;
    await this.db
      .updateTable('exercises')
      .set({
        ...(changes.title !== undefined && { title: changes.title }),
        ...(changes.titleKey !== undefined && { title_key: changes.titleKey }),
        ...(changes.category !== undefined && { category: changes.category }),
        ...(changes.isVisible !== undefined && { is_visible: changes.isVisible ? 1 : 0 }),
        ...(moderation !== undefined && {
          moderation_hidden_at: moderation?.at ?? null,
          moderation_reason: moderation?.reason ?? null,
        }),
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', exerciseId)
      .where('user_id', '=', this.userId)
      .execute();
  }

  async setPositions(exerciseIdsInOrder: string[]): Promise<void> {
    for (const [position, id] of exerciseIdsInOrder.entries()) {
      await this.db
        .updateTable('exercises')
        .set({ position })
        .where('id', '=', id)
        .where('user_id', '=', this.userId)
        .execute();
    }
  }

  async deleteExercise(exerciseId: string): Promise<void> {
    await this.db
      .deleteFrom('exercises')
      .where('id', '=', exerciseId)
      .where('user_id', '=', this.userId)
      .execute();
  }

  async insertRecord(exerciseId: string, record: NewRecord): Promise<void> {
    await this.db
      .insertInto('pb_records')
      .values(recordColumns(this.userId, exerciseId, record, new Date().toISOString()))
      .execute();
    await queueMediaWork(this.db, this.userId, record.id, record.media);
  }

  /**
   * Publishes a video's rendition in place of what the record serves now (its poster, or the file
   * as uploaded for a video stored before processing), if the record still holds the original the
   * job started from and no rendition yet: an edit or another run of the job may have changed
   * that meanwhile. What it serves is read here, under the user's lock, not where the job began:
   * hiding the PB moves its files to new keys while the job runs. Answers the media it replaced,
   * or undefined when it published nothing.
   */
  async finishVideo(
    recordId: string,
    originalKey: string,
    done: FinishedVideo,
  ): Promise<StoredMedia | undefined> {
    const media = (await this.findRecord(recordId))?.media;
    if (
      media?.originalKey !== originalKey ||
      media.status === 'failed' ||
      isRenditionKey(media.mediaKey)
    ) {
      return undefined;
    }
    const result = await this.db
      .updateTable('pb_records')
      .set({
        media_status: 'ready',
        media_key: done.mediaKey,
        width: done.width,
        height: done.height,
        media_bytes: sql<number>`media_bytes + ${done.bytes}`,
        // The rendition is what plays, so its length is the one to show; a probe that could not
        // tell keeps what the upload measured.
        ...(done.durationSeconds !== null && { media_duration_seconds: done.durationSeconds }),
      })
      .where('id', '=', recordId)
      .where('user_id', '=', this.userId)
      .where('original_key', '=', originalKey)
      .where('media_key', '=', media.mediaKey)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n ? media : undefined;
  }

  /**
   * Points a record at copies of its served files (see PbMediaStore.copyToNewKeys), if it still
   * serves the files that were copied: a video job, an edit or a delete may have changed them
   * since. False when it no longer does (the copies are then the caller's to remove).
   */
  async moveMedia(recordId: string, from: StoredMedia, to: StoredMedia): Promise<boolean> {
    const result = await this.db
      .updateTable('pb_records')
      .set({ media_key: to.mediaKey, card_key: to.cardKey, poster_key: to.posterKey })
      .where('id', '=', recordId)
      .where('user_id', '=', this.userId)
      .where('media_key', '=', from.mediaKey)
      .where((eb) =>
        eb.and([
          from.cardKey === null ? eb('card_key', 'is', null) : eb('card_key', '=', from.cardKey),
          from.posterKey === null
            ? eb('poster_key', 'is', null)
            : eb('poster_key', '=', from.posterKey),
        ]),
      )
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Hands a video stored before processing existed to the video job: its file, already copied to
   * `originalKey`, becomes the original. The record stays ready, serving the file as before, until
   * the rendition replaces it. False when another backfill run got there first.
   */
  async startBackfill(recordId: string, originalKey: string): Promise<boolean> {
    const result = await this.db
      .updateTable('pb_records')
      .set({ original_key: originalKey })
      .where('id', '=', recordId)
      .where('user_id', '=', this.userId)
      .where('media_type', '=', 'video')
      .where('original_key', 'is', null)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    await enqueueVideoJob(this.db, { userId: this.userId, recordId, originalKey });
    return true;
  }

  /** Records how long a video plays, if the record still holds that original and no length. */
  async setVideoLength(recordId: string, originalKey: string, seconds: number): Promise<boolean> {
    const result = await this.db
      .updateTable('pb_records')
      .set({ media_duration_seconds: seconds })
      .where('id', '=', recordId)
      .where('user_id', '=', this.userId)
      .where('original_key', '=', originalKey)
      .where('media_duration_seconds', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Marks a video whose rendition could not be made, if the record still holds that original. */
  async failVideo(recordId: string, originalKey: string): Promise<void> {
    await this.db
      .updateTable('pb_records')
      .set({ media_status: 'failed' })
      .where('id', '=', recordId)
      .where('user_id', '=', this.userId)
      .where('original_key', '=', originalKey)
      .where('media_status', '=', 'processing')
      .execute();
  }

  async updateRecord(recordId: string, changes: Partial<Omit<NewRecord, 'id'>>): Promise<void> {
    const media = changes.media;
    await this.db
      .updateTable('pb_records')
      .set({
        ...(changes.amount !== undefined && { amount: changes.amount }),
        ...(changes.unit !== undefined && { unit: changes.unit }),
        ...(changes.sets !== undefined && { sets: changes.sets }),
        ...(changes.reps !== undefined && { reps: changes.reps }),
        ...(changes.story !== undefined && { story: changes.story }),
        ...(changes.achievedOn !== undefined && { achieved_on: changes.achievedOn }),
        ...(media && mediaColumns(media)),
      })
      .where('id', '=', recordId)
      .where('user_id', '=', this.userId)
      .execute();
    if (media) await queueMediaWork(this.db, this.userId, recordId, media);
  }

  async deleteRecord(recordId: string): Promise<void> {
    await this.db
      .deleteFrom('pb_records')
      .where('id', '=', recordId)
      .where('user_id', '=', this.userId)
      .execute();
  }
}

/** A record as its row in pb_records: written here and by the data import, one mapping for both. */
export function recordColumns(
  userId: string,
  exerciseId: string,
  record: NewRecord,
  createdAt: string,
) {
  return {
    id: record.id,
    exercise_id: exerciseId,
    user_id: userId,
    amount: record.amount,
    unit: record.unit,
    sets: record.sets,
    reps: record.reps,
    story: record.story,
    achieved_on: record.achievedOn,
    ...mediaColumns(record.media),
    created_at: createdAt,
  };
}

/**
 * Queues what a record's new media still needs, in the transaction that writes the record: a
 * video's rendition job exists exactly when its record does. The data import calls it too.
 */
export async function queueMediaWork(
  db: Kysely<DatabaseSchema>,
  userId: string,
  recordId: string,
  media: StoredMedia,
): Promise<void> {
  if (media.status !== 'processing' || !media.originalKey) return;
  await enqueueVideoJob(db, { userId, recordId, originalKey: media.originalKey });
}

async function enqueueVideoJob(db: Kysely<DatabaseSchema>, payload: VideoJobPayload) {
  await enqueueJob(db, VIDEO_JOB, payload);
}

/** What a finished video job writes over the poster it was showing. */
export interface FinishedVideo {
  mediaKey: string;
  width: number;
  height: number;
  /** The rendition's size, added to the record's stored bytes. */
  bytes: number;
  /** How long the rendition plays, when ffprobe could tell. */
  durationSeconds: number | null;
}

function mediaColumns(media: StoredMedia) {
  return {
    media_type: media.type,
    media_key: media.mediaKey,
    card_key: media.cardKey,
    poster_key: media.posterKey,
    width: media.width,
    height: media.height,
    media_bytes: media.bytes,
    media_status: media.status,
    original_key: media.originalKey,
    media_duration_seconds: media.durationSeconds,
  };
}

export type { PbsTx };
