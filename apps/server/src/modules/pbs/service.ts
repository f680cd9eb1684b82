import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  FREE_LIMIT_TEXT,
  FREE_TIER_PB_LIMIT,
  MODERATION_MESSAGES,
  PB_MESSAGES,
  STORAGE_QUOTA_BYTES,
  formatStorageBytes,
  newestFirst,
  splitHeadline,
  titleKey,
  type ModerationState,
  type PersonalBest,
  type PublicPb,
  type SubscriptionTier,
} from '@pbshare/shared';
import { AppError, SESSION_EXPIRED_MESSAGE } from '../../errors/app-error.js';
import { keysOf, servedKeysOf, type PbMediaStore } from '../../media/pb-media.js';
import type { ReceivedFile } from '../../media/receive-upload.js';
import type { UserDirectory } from '../users/index.js';
import type { PbInput } from './pb-input.js';
import { toPersonalBest, toPublicPb } from './pb-dto.js';
import type {
  AlsoInTransaction,
  ExerciseRow,
  NewRecord,
  PbsRepository,
  PbsTx,
  RecordRow,
} from './repository.js';

export interface UploadedMedia {
  file: ReceivedFile;
  poster?: ReceivedFile;
}

export const NOT_FOUND_MESSAGE = PB_MESSAGES.notFound;
export const MEDIA_REQUIRED_MESSAGE = PB_MESSAGES.mediaRequired;
/** How many times hiding moves files that changed under it before it lets them be. */
const HIDE_ROUNDS = 3;

export const FREE_LIMIT_MESSAGE = `Free accounts can track ${FREE_LIMIT_TEXT}. Upgrade to Pro for unlimited exercises, or add a new record to one you already track.`;

/**
 * Personal-best rules: grouping records into exercises by title, the free cap on exercises, the
 * current record, history, visibility and order. Media files are written before the database
 * change and old ones removed only after it commits.
 */
export class PbsService {
  constructor(
    private readonly pbs: PbsRepository,
    private readonly users: UserDirectory,
    private readonly media: PbMediaStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  async list(userId: string): Promise<PersonalBest[]> {
    return (await this.exercisesWithRecords(userId)).map(({ exercise, current, history }) =>
      toPersonalBest(exercise, current, history, this.url),
    );
  }

  /**
   * The visible cards as anyone may see them: current records only, public fields only. The older
   * records come with the same read and only decide the New PB badge. Visitors see only records
   * whose media is ready: while a new video is processed, its exercise shows the record before
   * it (or nothing, for a first record).
   */
  async listPublic(userId: string): Promise<PublicPb[]> {
    return (await this.exercisesWithRecords(userId, isPublishable))
      .filter(({ exercise }) => exercise.isVisible)
      .map(({ exercise, current, history }) => toPublicPb(exercise, current, history, this.url));
  }

  /**
   * Each exercise in the user's order with its headline record (the best, by the shared rule
   * `splitHeadline`) and the rest, newest first.
   */
  private async exercisesWithRecords(
    userId: string,
    include: (record: RecordRow) => boolean = () => true,
  ) {
    return (await this.exercisesWithAllRecords(userId)).flatMap(({ exercise, records }) => {
      const split = splitHeadline(exercise.category, records.filter(include));
      return split ? [{ exercise, ...split }] : [];
    });
  }

  /** Each exercise in the user's order with all its records, in no particular order. */
  async exercisesWithAllRecords(
    userId: string,
  ): Promise<{ exercise: ExerciseRow; records: RecordRow[] }[]> {
    const [exercises, records] = await Promise.all([
      this.pbs.exercisesOf(userId),
      this.pbs.recordsOf(userId),
    ]);
    const byExercise = new Map<string, RecordRow[]>();
    for (const record of records) {
      const own = byExercise.get(record.exerciseId);
      if (own) own.push(record);
      else byExercise.set(record.exerciseId, [record]);
    }
    return exercises.map((exercise) => ({ exercise, records: byExercise.get(exercise.id) ?? [] }));
  }

  /** Every stored file of the user's PB media: what deleting the account must remove. */
  async storedFilesOf(userId: string): Promise<string[]> {
    return (await this.pbs.mediaKeysOf(userId)).flatMap(keysOf);
  }

  /** The card of one of the user's records, or undefined. */
  async find(userId: string, recordId: string): Promise<PersonalBest | undefined> {
    const record = await this.pbs.findRecord(userId, recordId);
    const exercise = record && (await this.pbs.findExercise(userId, record.exerciseId));
    if (!record || !exercise) return undefined;
    const others = await this.pbs.recordsOfExercise(userId, exercise.id);
    const history = newestFirst(others.filter((r) => r.id !== record.id));
    return toPersonalBest(exercise, record, history, this.url);
  }

  async get(userId: string, recordId: string): Promise<PersonalBest> {
    const card = await this.find(userId, recordId);
    if (!card) throw notFound();
    return card;
  }

  /**
   * Adds a record: into the exercise with the same title, or a new exercise within the cap.
   * `recordId`, when given, is the id the record must have: every attempt of one idempotent
   * request names the same one, so the record of a first attempt whose answer was lost can be
   * found again (see `idempotentRecordId`), and the primary key refuses a second copy.
   */
  async create(
    userId: string,
    input: PbInput,
    upload: UploadedMedia | undefined,
    recordId: string = randomUUID(),
  ): Promise<PersonalBest> {
    if (!upload) throw mediaRequired();
    const user = await this.requireUser(userId);
    const stored = await this.media.store(upload.file, upload.poster);
    try {
      await this.pbs.forUser(userId, async (tx) => {
        const key = titleKey(input.title);
        const existing = await tx.findExerciseByTitleKey(key);
        let exerciseId: string;
        if (existing) {
          exerciseId = existing.id;
          if (existing.category !== input.category) {
            await tx.updateExercise(existing.id, { category: input.category });
          }
        } else {
          if (
            user.subscriptionTier === 'free' &&
            (await tx.countExercises()) >= FREE_TIER_PB_LIMIT
          ) {
            throw new AppError('FREE_LIMIT_REACHED', FREE_LIMIT_MESSAGE);
          }
          exerciseId = randomUUID();
          await tx.insertExercise({
            id: exerciseId,
            title: input.title,
            titleKey: key,
            category: input.category,
          });
        }
        await assertWithinQuota(tx, user.subscriptionTier, stored.bytes);
        await tx.insertRecord(exerciseId, {
          id: recordId,
          amount: input.value.amount,
          unit: input.value.unit,
          sets: input.sets,
          reps: input.reps,
          story: input.story,
          achievedOn: input.achievedOn,
          media: stored,
        });
      });
    } catch (err) {
      await this.removeFiles(keysOf(stored));
      throw err;
    }
    return this.get(userId, recordId);
  }

  /**
   * Changes one record. A new title renames its exercise (refused when another exercise has it);
   * new media replaces the old, whose files are removed once the change is committed.
   */
  async update(
    userId: string,
    recordId: string,
    input: Partial<PbInput>,
    upload: UploadedMedia | undefined,
  ): Promise<PersonalBest> {
    const existing = await this.pbs.findRecord(userId, recordId);
    if (!existing) throw notFound();
    const tier = upload && (await this.requireUser(userId)).subscriptionTier;
    const stored = upload ? await this.media.store(upload.file, upload.poster) : undefined;
    let replaced: RecordRow['media'] | undefined;
    try {
      await this.pbs.forUser(userId, async (tx) => {
        // Read again under the user's lock: a concurrent edit may have swapped the media since,
        // and the files to remove are the ones this change replaces, not the ones first read.
        const current = await tx.findRecord(recordId);
        const exercise = current && (await tx.findExercise(current.exerciseId));
        if (!current || !exercise) throw notFound();
        await this.renameOrRecategorise(tx, exercise, input);
        if (stored && tier) await assertWithinQuota(tx, tier, stored.bytes, recordId);
        await tx.updateRecord(recordId, {
          ...recordFields(input),
          ...(stored && { media: stored }),
        });
        if (stored) replaced = current.media;
      });
    } catch (err) {
      if (stored) await this.removeFiles(keysOf(stored));
      throw err;
    }
    if (replaced) await this.removeFiles(keysOf(replaced));
    return this.get(userId, recordId);
  }

  /**
   * Refuses an upload before its body is read when the account has no storage left; the exact
   * check, with the stored size, runs again when the record is written.
   */
  async assertStorageLeft(userId: string): Promise<void> {
    const user = await this.requireUser(userId);
    const quota = STORAGE_QUOTA_BYTES[user.subscriptionTier];
    if ((await this.pbs.storedBytes(userId)) >= quota) throw quotaReached(user.subscriptionTier);
  }

  /** Deletes one record; the best of the rest becomes the headline, the last takes its exercise. */
  async delete(userId: string, recordId: string): Promise<void> {
    const media = await this.pbs.forUser(userId, async (tx) => {
      // Read under the user's lock, so the files removed are the ones the deleted row held.
      const record = await tx.findRecord(recordId);
      if (!record) throw notFound();
      await tx.deleteRecord(recordId);
      if ((await tx.recordsOfExercise(record.exerciseId)).length === 0) {
        await tx.deleteExercise(record.exerciseId);
      }
      return record.media;
    });
    await this.removeFiles(keysOf(media));
  }

  async setVisibility(userId: string, recordId: string, isVisible: boolean): Promise<PersonalBest> {
    const record = await this.pbs.findRecord(userId, recordId);
    const exercise = record && (await this.pbs.findExercise(userId, record.exerciseId));
    if (!record || !exercise) throw notFound();
    if (isVisible || !exercise.isVisible) {
      await this.pbs.forUser(userId, async (tx) => {
        // Read under the user's lock, so a moderator's hide that lands meanwhile still holds.
        if (isVisible && (await tx.findExercise(record.exerciseId))?.moderation) {
          throw new AppError('CONFLICT', MODERATION_MESSAGES.hiddenUntilRestored);
        }
        await tx.updateExercise(record.exerciseId, { isVisible });
      });
    } else {
      await this.hide(userId, record.exerciseId);
    }
    return this.get(userId, recordId);
  }

  /**
   * Hides an exercise and gives the served files of every one of its records (the history too:
   * visitors see none of it now) new keys, so an address someone kept stops working. The copies
   * are made first, the keys swapped in the transaction that hides, the old files removed after
   * it commits. A record whose files changed between the copy and the transaction (a video job
   * publishing, an edit) keeps its new files and is moved again in the next round. A moderator's
   * hide also keeps its reason on the exercise, and runs `alsoDo` in the transaction that hides.
   */
  private async hide(
    userId: string,
    exerciseId: string,
    moderated?: { state: ModerationState; alsoDo: AlsoInTransaction },
  ): Promise<void> {
    const ours = new Set<string>();
    let hidden = false;
    for (let round = 0; round < HIDE_ROUNDS; round += 1) {
      const records = (await this.pbs.recordsOfExercise(userId, exerciseId)).filter(
        (r) => !servedKeysOf(r.media).every((key) => ours.has(key)),
      );
      if (hidden && records.length === 0) return;
      const copies = await this.copyMedia(userId, records);
      let moved: typeof copies = [];
      try {
        moved = await this.pbs.forUser(
          userId,
          async (tx) => {
            const exercise = await tx.findExercise(exerciseId);
            if (!exercise) throw notFound();
            // Checked under the held user row: of two admins hiding at once, one succeeds.
            if (moderated && !hidden && exercise.moderation) {
              throw new AppError('CONFLICT', MODERATION_MESSAGES.alreadyHidden);
            }
            if (!hidden) {
              await tx.updateExercise(exerciseId, {
                isVisible: false,
                ...(moderated && { moderation: moderated.state }),
              });
            }
            const done: typeof copies = [];
            for (const copy of copies) {
              if (await tx.moveMedia(copy.record.id, copy.record.media, copy.media)) {
                done.push(copy);
              }
            }
            return done;
          },
          hidden ? undefined : moderated?.alsoDo,
        );
      } catch (err) {
        await this.removeFiles(copies.flatMap((c) => servedKeysOf(c.media)));
        throw err;
      }
      hidden = true;
      for (const { media } of moved) for (const key of servedKeysOf(media)) ours.add(key);
      await this.removeFiles([
        ...moved.flatMap((c) => servedKeysOf(c.record.media)),
        ...copies.filter((c) => !moved.includes(c)).flatMap((c) => servedKeysOf(c.media)),
      ]);
    }
    this.log.warn(
      { userId, exerciseId },
      'hid a PB whose files kept changing; some kept their keys',
    );
  }

  /**
   * New copies of each record's served files. A copy that fails because the record's files
   * changed meanwhile (an edit removed them) is left for the next round; any other failure
   * removes the copies made and is thrown.
   */
  private async copyMedia(userId: string, records: RecordRow[]) {
    const results = await Promise.allSettled(
      records.map(async (record) => ({
        record,
        media: await this.media.copyToNewKeys(record.media),
      })),
    );
    const copies = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const failed = records.filter((_, i) => results[i]?.status === 'rejected');
    for (const record of failed) {
      const now = await this.pbs.findRecord(userId, record.id);
      if (now && servedKeysOf(now.media).join() === servedKeysOf(record.media).join()) {
        await this.removeFiles(copies.flatMap((c) => servedKeysOf(c.media)));
        const index = records.indexOf(record);
        throw (results[index] as PromiseRejectedResult).reason;
      }
    }
    return copies;
  }

  /**
   * The exercise whose current record visitors see as `recordId` on the public page (what a
   * report names), or undefined when no visible PB of the user has that id.
   */
  async visibleExerciseOf(userId: string, recordId: string): Promise<string | undefined> {
    const shown = (await this.exercisesWithRecords(userId, isPublishable)).find(
      ({ exercise, current }) => exercise.isVisible && current.id === recordId,
    );
    return shown?.exercise.id;
  }

  /** The owner's card of one exercise (its current record), or undefined. */
  async cardOfExercise(userId: string, exerciseId: string): Promise<PersonalBest | undefined> {
    return (await this.list(userId)).find((card) => card.exerciseId === exerciseId);
  }

  /**
   * A moderator hides the exercise as its owner would (its files get new keys), keeping the reason
   * on it: the owner cannot show it again until `liftModeration`.
   */
  async hideByModeration(
    userId: string,
    exerciseId: string,
    state: ModerationState,
    alsoDo: AlsoInTransaction,
  ): Promise<void> {
    await this.hide(userId, exerciseId, { state, alsoDo });
  }

  /** A moderator restores the exercise: visible again, its moderation lifted. */
  async liftModeration(userId: string, exerciseId: string, alsoDo: AlsoInTransaction) {
    await this.pbs.forUser(
      userId,
      async (tx) => {
        const exercise = await tx.findExercise(exerciseId);
        if (!exercise) throw notFound();
        if (!exercise.moderation) throw new AppError('CONFLICT', MODERATION_MESSAGES.notHidden);
        await tx.updateExercise(exerciseId, { isVisible: true, moderation: null });
      },
      alsoDo,
    );
  }

  /** A moderator deletes the exercise with every record of it; their files go once it commits. */
  async deleteExercise(userId: string, exerciseId: string, alsoDo: AlsoInTransaction) {
    const records = await this.pbs.forUser(
      userId,
      async (tx) => {
        if (!(await tx.findExercise(exerciseId))) throw notFound();
        const gone = await tx.recordsOfExercise(exerciseId);
        // Its records go with it by cascade.
        await tx.deleteExercise(exerciseId);
        return gone;
      },
      alsoDo,
    );
    await this.removeFiles(records.flatMap((record) => keysOf(record.media)));
  }

  /** `orderedIds` are the ids of the cards (any record of each exercise), every exercise once. */
  async reorder(userId: string, orderedIds: string[]): Promise<PersonalBest[]> {
    await this.pbs.forUser(userId, async (tx) => {
      const exerciseOf = await tx.exerciseIdsOfRecords(orderedIds);
      const exerciseIds = orderedIds.map((id) => {
        const exerciseId = exerciseOf.get(id);
        // Someone else's id is answered like one that does not exist.
        if (!exerciseId) throw notFound();
        return exerciseId;
      });
      if (new Set(exerciseIds).size !== exerciseIds.length) {
        throw orderError('The new order names a personal best twice.');
      }
      if (exerciseIds.length !== (await tx.countExercises())) {
        throw orderError('The new order must include every one of your personal bests.');
      }
      await tx.setPositions(exerciseIds);
    });
    return this.list(userId);
  }

  private async renameOrRecategorise(tx: PbsTx, exercise: ExerciseRow, input: Partial<PbInput>) {
    const changes: { title?: string; titleKey?: string; category?: ExerciseRow['category'] } = {};
    if (input.title !== undefined && input.title !== exercise.title) {
      const key = titleKey(input.title);
      const clash = await tx.findExerciseByTitleKey(key);
      if (clash && clash.id !== exercise.id) {
        throw new AppError('CONFLICT', `You already have a personal best called ${clash.title}.`, [
          { field: 'title', message: `You already have a personal best called ${clash.title}.` },
        ]);
      }
      changes.title = input.title;
      changes.titleKey = key;
    }
    if (input.category !== undefined && input.category !== exercise.category) {
      changes.category = input.category;
    }
    if (Object.keys(changes).length > 0) await tx.updateExercise(exercise.id, changes);
  }

  private readonly url = (key: string) => this.media.url(key);

  /** The tier is read where the free cap reads it, so Pro time counts the same for both. */
  private async requireUser(userId: string) {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError('UNAUTHORIZED', SESSION_EXPIRED_MESSAGE);
    return user;
  }

  private async removeFiles(keys: string[]): Promise<void> {
    try {
      await this.media.remove(keys);
    } catch (err) {
      // An orphan file is harmless; failing the user's request over it is not.
      this.log.warn({ err, keys }, 'could not delete stored media');
    }
  }
}

function isPublishable(record: RecordRow): boolean {
  return record.media.status === 'ready';
}

function recordFields(input: Partial<PbInput>): Partial<Omit<NewRecord, 'id' | 'media'>> {
  return {
    ...(input.value && { amount: input.value.amount, unit: input.value.unit }),
    ...(input.sets !== undefined && { sets: input.sets }),
    ...(input.reps !== undefined && { reps: input.reps }),
    ...(input.story !== undefined && { story: input.story }),
    ...(input.achievedOn !== undefined && { achievedOn: input.achievedOn }),
  };
}

/** Media already stored plus `adding` must fit the tier's quota; one record may be left out. */
async function assertWithinQuota(
  tx: PbsTx,
  tier: SubscriptionTier,
  adding: number,
  exceptRecordId?: string,
): Promise<void> {
  if ((await tx.storedBytes(exceptRecordId)) + adding > STORAGE_QUOTA_BYTES[tier]) {
    throw quotaReached(tier);
  }
}

function quotaReached(tier: SubscriptionTier): AppError {
  const quota = formatStorageBytes(STORAGE_QUOTA_BYTES[tier]);
  const message =
    tier === 'free'
      ? `You have used your ${quota} of storage. Delete a PB or upgrade to Pro for more room.`
      : `You have used your ${quota} of storage. Delete a PB to make room.`;
  return new AppError('PAYLOAD_TOO_LARGE', message, [{ field: 'file', message }]);
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
}

function mediaRequired(): AppError {
  return new AppError('VALIDATION_ERROR', MEDIA_REQUIRED_MESSAGE, [
    { field: 'file', message: MEDIA_REQUIRED_MESSAGE },
  ]);
}

function orderError(message: string): AppError {
  return new AppError('VALIDATION_ERROR', message, [{ field: 'orderedIds', message }]);
}
