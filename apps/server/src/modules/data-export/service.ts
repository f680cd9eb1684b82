import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  AVATAR_MAX_BYTES,
  DATA_ARCHIVE_FORMAT,
  DATA_ARCHIVE_VERSION,
  IMAGE_MAX_BYTES,
  STORAGE_QUOTA_BYTES,
  VIDEO_MAX_BYTES,
  dataArchiveFileName,
  formatStorageBytes,
  type DataArchive,
  type DataImportResult,
} from '@pbshare/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, SESSION_EXPIRED_MESSAGE } from '../../errors/app-error.js';
import { processAvatar } from '../../media/avatar-image.js';
import { keysOf, type PbMediaStore, type StoredMedia } from '../../media/pb-media.js';
import {
  AVATAR_RULES,
  PB_FILE_RULES,
  POSTER_RULES,
  receiveUpload,
  type ReceivedFile,
  type UploadRules,
} from '../../media/receive-upload.js';
import type { Storage } from '../../storage/storage.js';
import type { UserDirectory } from '../users/index.js';
import { DAMAGED_ARCHIVE, ImportArchive } from './archive-reader.js';
import { writeArchive, type ArchiveFile } from './archive-writer.js';
import {
  NOTHING_IMPORTED,
  recordLabel,
  parseArchiveJson,
  planImport,
  type ImportPlan,
} from './import-plan.js';
import type { PbsService, RecordRow } from '../pbs/index.js';
import type { DataExportRepository, ImportedExercise } from './repository.js';

export const NOT_EMPTY_MESSAGE =
  'Import works only into an account with no personal bests yet. Delete your PBs first, or import into a new account.';

/**
 * "Download my data" (docs/PRODUCT.md §11): the whole account as a ZIP archive, and that archive
 * read back into an empty account. An import checks everything it can before it writes
 * anything, brings the media in through the same checks and processing as an upload, writes
 * every row in one transaction, and removes the files it stored if anything fails.
 */
export class DataExportService {
  constructor(
    private readonly data: DataExportRepository,
    private readonly pbs: PbsService,
    private readonly users: UserDirectory,
    private readonly media: PbMediaStore,
    private readonly storage: Storage,
    private readonly log: FastifyBaseLogger,
  ) {}

  async exportArchive(userId: string): Promise<{ fileName: string; stream: Readable }> {
    const user = await this.requireUser(userId);
    const exercises = await this.pbs.exercisesWithAllRecords(userId);
    const now = new Date();
    const files: ArchiveFile[] = [];
    const add = (key: string, path: string) => {
      files.push({ key, path });
      return path;
    };
    const json: DataArchive = {
      format: DATA_ARCHIVE_FORMAT,
      version: DATA_ARCHIVE_VERSION,
      exportedAt: now.toISOString(),
      profile: {
        username: user.displayName,
        bio: user.bio,
        avatar: user.profileImageKey
          ? add(user.profileImageKey, `profile/avatar.${extensionOf(user.profileImageKey)}`)
          : null,
        tier: user.subscriptionTier,
      },
      exercises: exercises.map(({ exercise, records }, order) => ({
        title: exercise.title,
        category: exercise.category,
        isVisible: exercise.isVisible,
        order,
        records: oldestFirst(records).map((record) => ({
          amount: record.amount,
          unit: record.unit,
          achievedOn: record.achievedOn,
          sets: record.sets,
          reps: record.reps,
          story: record.story,
          createdAt: record.createdAt,
          media: archivedMedia(record, add),
        })),
      })),
    };
    // Checked before the first byte is sent: once the answer streams, a failure can only cut it.
    // A few at a time, since on a bucket each check is a round trip.
    const missing = await missingFiles(this.storage, files, 8);
    if (missing.length > 0) {
      throw new Error(`stored files missing for the data export: ${missing.join(', ')}`);
    }
    return {
      fileName: dataArchiveFileName(user.displayName, now),
      stream: writeArchive(json, files, this.storage, { mtime: now, log: this.log }),
    };
  }

  /** Refuses an import into an account that has PBs, before its upload is read. */
  async assertEmpty(userId: string): Promise<void> {
    if (await this.data.hasExercises(userId)) throw notEmpty();
  }

  /** Imports the archive at `archivePath` (a received upload, removed by the caller). */
  async importArchive(
    userId: string,
    archivePath: string,
    tmpDir: string,
  ): Promise<DataImportResult> {
    const user = await this.requireUser(userId);
    await this.assertEmpty(userId);
    const archive = await ImportArchive.open(archivePath);
    const stored: string[] = [];
    let replacedAvatarKey: string | null = null;
    let result: DataImportResult;
    try {
      const data = parseArchiveJson(await archive.readJson());
      const plan = planImport(data, user.subscriptionTier);
      checkFiles(archive, data);
      const quota = STORAGE_QUOTA_BYTES[user.subscriptionTier];
      if (declaredBytes(archive, plan) > quota) throw quotaReached(quota);

      const exercises: ImportedExercise[] = [];
      for (const exercise of plan.exercises) {
        const records: ImportedExercise['records'] = [];
        for (const record of exercise.records) {
          const media = await this.ingest(archive, record, exercise.title, tmpDir);
          stored.push(...keysOf(media));
          records.push({
            id: randomUUID(),
            amount: record.amount,
            unit: record.unit,
            sets: record.sets,
            reps: record.reps,
            story: record.story,
            achievedOn: record.achievedOn,
            createdAt: new Date(record.createdAt).toISOString(),
            media,
          });
        }
        exercises.push({
          id: randomUUID(),
          title: exercise.title,
          titleKey: exercise.titleKey,
          category: exercise.category,
          isVisible: exercise.isVisible,
          records,
        });
      }
      // The exact check, on what the stored files take (renditions are remade).
      const bytes = exercises.flatMap((e) => e.records).reduce((n, r) => n + r.media.bytes, 0);
      if (bytes > quota) throw quotaReached(quota);

      let avatarKey: string | undefined;
      if (data.profile.avatar) {
        avatarKey = await this.ingestAvatar(archive, data.profile.avatar, tmpDir);
        stored.push(avatarKey);
      }

      const outcome = await this.data.importInto(userId, exercises, {
        // An empty bio in the archive leaves the account's own.
        ...(data.profile.bio.trim() && { bio: data.profile.bio }),
        ...(avatarKey && { avatarKey }),
      });
      if (!outcome.done) throw notEmpty();
      replacedAvatarKey = outcome.replacedAvatarKey;
      result = {
        importedExercises: exercises.length,
        importedRecords: exercises.reduce((n, e) => n + e.records.length, 0),
        leftOutTitles: plan.leftOutTitles,
      };
    } catch (err) {
      await this.removeFiles(stored);
      throw err;
    } finally {
      archive.close();
    }
    if (replacedAvatarKey) await this.removeFiles([replacedAvatarKey]);
    return result;
  }

  /** A record's media through the upload's own checks and processing (renditions made anew). */
  private async ingest(
    archive: ImportArchive,
    record: ImportPlan['exercises'][number]['records'][number],
    title: string,
    tmpDir: string,
  ): Promise<StoredMedia> {
    const where = recordLabel(title, record);
    let file: ReceivedFile | undefined;
    let poster: ReceivedFile | undefined;
    try {
      file = await this.receive(archive, record.media.file, PB_FILE_RULES, where, tmpDir);
      if (file.kind !== record.media.type) {
        throw new AppError(
          'VALIDATION_ERROR',
          `${where}: the file is ${file.kind === 'image' ? 'a photo' : 'a video'}, but pbshare.json says it is ${record.media.type === 'image' ? 'a photo' : 'a video'}. ${NOTHING_IMPORTED}`,
        );
      }
      if (record.media.type === 'video' && record.media.poster) {
        poster = await this.receive(archive, record.media.poster, POSTER_RULES, where, tmpDir);
      }
    } catch (err) {
      await discard(file, poster);
      throw err;
    }
    try {
      // store() removes both temp files, whatever happens.
      return await this.media.store(file, poster);
    } catch (err) {
      throw err instanceof AppError ? inContext(err, where) : err;
    }
  }

  private async ingestAvatar(archive: ImportArchive, path: string, tmpDir: string) {
    const where = 'Your avatar';
    const file = await this.receive(archive, path, AVATAR_RULES, where, tmpDir);
    try {
      const webp = await processAvatar(file.path);
      const key = `avatars/${randomUUID()}.webp`;
      await this.storage.put(key, webp, 'image/webp');
      return key;
    } catch (err) {
      throw err instanceof AppError ? inContext(err, where) : err;
    } finally {
      await discard(file);
    }
  }

  /** One entry streamed to a temp file through the upload's type sniffing and size limits. */
  private async receive(
    archive: ImportArchive,
    path: string,
    rules: UploadRules,
    where: string,
    tmpDir: string,
  ): Promise<ReceivedFile> {
    let received: ReceivedFile | undefined;
    try {
      received = await receiveUpload({ file: await archive.openEntry(path) }, tmpDir, rules);
    } catch (err) {
      throw inContext(err, where);
    }
    if (!received) {
      throw new AppError('VALIDATION_ERROR', `${where}: ${path} is empty. ${NOTHING_IMPORTED}`);
    }
    return received;
  }

  private async removeFiles(keys: string[]): Promise<void> {
    for (const key of keys) {
      try {
        await this.storage.delete(key);
      } catch (err) {
        // An orphan file is harmless (the sweep takes it); failing the answer over it is not.
        this.log.warn({ err, key }, 'could not delete a stored file');
      }
    }
  }

  private async requireUser(userId: string) {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError('UNAUTHORIZED', SESSION_EXPIRED_MESSAGE);
    return user;
  }
}

/** The archive's paths for a record's stored files; each is also added to the archive. */
function archivedMedia(
  record: RecordRow,
  add: (key: string, path: string) => string,
): DataArchive['exercises'][number]['records'][number]['media'] {
  const { media } = record;
  const folder = `media/${record.id}`;
  // A video's export is the file as uploaded, kept privately, where there is one.
  const fileKey = media.originalKey ?? media.mediaKey;
  const main =
    media.type === 'image' ? `${folder}/full.webp` : `${folder}/original.${extensionOf(fileKey)}`;
  return {
    type: media.type,
    file: add(fileKey, main),
    card: media.cardKey ? add(media.cardKey, `${folder}/card.webp`) : null,
    poster: media.posterKey ? add(media.posterKey, `${folder}/poster.webp`) : null,
  };
}

/** The archive lists an exercise's records as they happened: by day, then by saving, then id. */
function oldestFirst(records: readonly RecordRow[]): RecordRow[] {
  return [...records].sort(
    (a, b) =>
      a.achievedOn.localeCompare(b.achievedOn) ||
      a.createdAt.localeCompare(b.createdAt) ||
      a.id.localeCompare(b.id),
  );
}

function extensionOf(key: string): string {
  return key.slice(key.lastIndexOf('.') + 1);
}

/**
 * Every file pbshare.json names is in the archive and declares a size within the upload limits
 * of what it is, checked before any is read.
 */
function checkFiles(archive: ImportArchive, data: DataArchive): void {
  const check = (path: string, maxBytes: number, where: string) => {
    const size = archive.sizeOf(path);
    if (size === undefined) {
      throw new AppError(
        'VALIDATION_ERROR',
        `${where}: ${path} is missing from the archive. ${NOTHING_IMPORTED}`,
      );
    }
    if (size > maxBytes) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `${where}: ${path} is larger than the ${formatStorageBytes(maxBytes)} an upload may be. ${NOTHING_IMPORTED}`,
      );
    }
  };
  if (data.profile.avatar) check(data.profile.avatar, AVATAR_MAX_BYTES, 'Your avatar');
  for (const exercise of data.exercises) {
    for (const record of exercise.records) {
      const where = recordLabel(exercise.title, record);
      const { type, file, card, poster } = record.media;
      check(file, type === 'video' ? VIDEO_MAX_BYTES : IMAGE_MAX_BYTES, where);
      if (card) check(card, IMAGE_MAX_BYTES, where);
      if (poster) check(poster, IMAGE_MAX_BYTES, where);
    }
  }
}

/** What the imported records' files declare: a first look at the quota, before any is read. */
function declaredBytes(archive: ImportArchive, plan: ImportPlan): number {
  let bytes = 0;
  for (const exercise of plan.exercises) {
    for (const { media } of exercise.records) {
      bytes += archive.sizeOf(media.file) ?? 0;
    }
  }
  return bytes;
}

function quotaReached(quota: number): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `The archive's media take more than your ${formatStorageBytes(quota)} of storage. ${NOTHING_IMPORTED}`,
  );
}

function notEmpty(): AppError {
  return new AppError('CONFLICT', NOT_EMPTY_MESSAGE);
}

/** A media refusal said about the record it concerns; a stream that broke is a damaged archive. */
function inContext(err: unknown, where: string): AppError {
  if (err instanceof AppError) {
    const message = err.message.endsWith(NOTHING_IMPORTED)
      ? err.message
      : `${where}: ${err.message} ${NOTHING_IMPORTED}`;
    return new AppError(err.code, message);
  }
  return new AppError('BAD_REQUEST', DAMAGED_ARCHIVE);
}

async function discard(...files: (ReceivedFile | undefined)[]): Promise<void> {
  for (const file of files) if (file) await rm(file.path, { force: true });
}

/** The keys among `files` the store does not hold, checked `atOnce` at a time. */
async function missingFiles(
  storage: Storage,
  files: readonly ArchiveFile[],
  atOnce: number,
): Promise<string[]> {
  const missing: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++];
      if (file && (await storage.size(file.key)) === undefined) missing.push(file.key);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, files.length) }, worker));
  return missing;
}
