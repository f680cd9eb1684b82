import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DATA_ARCHIVE_FORMAT,
  DATA_ARCHIVE_VERSION,
  dataArchiveFileName,
  type DataArchive,
  type DataImportStatus,
} from '@pbshare/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, SESSION_EXPIRED_MESSAGE } from '../../errors/app-error.js';
import type { PbMediaStore } from '../../media/pb-media.js';
import { UPLOADS_PREFIX, type Storage } from '../../storage/storage.js';
import type { PbsService, RecordRow } from '../pbs/index.js';
import type { UserDirectory } from '../users/index.js';
import { ImportArchive } from './archive-reader.js';
import { writeArchive, type ArchiveFile } from './archive-writer.js';
import { checkArchive, IMPORT_UNDER_WAY_MESSAGE, notEmpty } from './import-checks.js';
import { DATA_IMPORT_ATTEMPTS, DATA_IMPORT_JOB, type DataImportJobPayload } from './import-job.js';
import type { DataExportRepository } from './repository.js';

/**
 * "Download my data" (docs/PRODUCT.md §11): the whole account as a ZIP archive, and that archive
 * read back into an empty account. An import is judged when it arrives (everything that needs no
 * media read) and then run by the `data-import` job (import-job.ts, importer.ts), one at a time
 * per account, within the account's upload slots.
 */
export class DataExportService {
  constructor(
    private readonly data: DataExportRepository,
    private readonly pbs: PbsService,
    private readonly users: UserDirectory,
    // The import's media are the job's (background-work.ts); kept for the composition root.
    _media: PbMediaStore,
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

  /**
   * Refuses an import before its upload is read: into an account that has PBs, or one with an
   * import already queued or running.
   */
  async assertCanImport(userId: string): Promise<void> {
    if (await this.data.hasExercises(userId)) throw notEmpty();
    if (await this.data.imports.hasOpen(userId)) throw underWay();
  }

  /**
   * Accepts the archive at `archivePath` (a received upload): judges everything that needs no
   * media read (archive-reader.ts, import-checks.ts), then moves it into the media store, where
   * the `data-import` job finds it from any process, and queues that job. The file at
   * `archivePath` is gone afterwards when accepted; the caller removes it otherwise.
   */
  async startImport(userId: string, archivePath: string): Promise<DataImportStatus> {
    const user = await this.requireUser(userId);
    await this.assertCanImport(userId);
    const archive = await ImportArchive.open(archivePath);
    try {
      await checkArchive(archive, user.subscriptionTier);
    } finally {
      archive.close();
    }
    const id = randomUUID();
    const archiveKey = `${UPLOADS_PREFIX}imports/${id}.zip`;
    await this.storage.putFile(archiveKey, archivePath, 'application/zip');
    let started = false;
    try {
      const payload: DataImportJobPayload = { importId: id, userId, archiveKey };
      started = await this.data.imports.start(
        { id, userId, archiveKey },
        { kind: DATA_IMPORT_JOB, payload, maxAttempts: DATA_IMPORT_ATTEMPTS },
      );
    } finally {
      if (!started) await this.removeFiles([archiveKey]);
    }
    if (!started) throw underWay();
    return { id, status: 'queued', message: '', result: null };
  }

  /** The account's latest import, or a 404 when it never started one. */
  async latestImport(userId: string): Promise<DataImportStatus> {
    const latest = await this.data.imports.latest(userId);
    if (!latest) throw new AppError('NOT_FOUND', 'This account has not imported an archive.');
    return latest;
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

function underWay(): AppError {
  return new AppError('CONFLICT', IMPORT_UNDER_WAY_MESSAGE);
}
