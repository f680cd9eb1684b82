import { randomUUID } from 'node:crypto';
import { STORAGE_QUOTA_BYTES, type DataImportResult } from '@pbshare/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, SESSION_EXPIRED_MESSAGE } from '../../errors/app-error.js';
import { processAvatar } from '../../media/avatar-image.js';
import type { PbMediaStore } from '../../media/pb-media.js';
import { AVATAR_RULES, receiveUpload } from '../../media/receive-upload.js';
import type { Storage } from '../../storage/storage.js';
import type { UserDirectory } from '../users/index.js';
import { ImportArchive } from './archive-reader.js';
import {
  checkArchive,
  importedMessage,
  inContext,
  notEmpty,
  quotaReached,
} from './import-checks.js';
import { discard, ImportMedia } from './import-media.js';
import { NOTHING_IMPORTED } from './import-plan.js';
import type { ImportsRepository } from './imports-repository.js';
import type { DataExportRepository, ImportedExercise } from './repository.js';

export interface DataImporterDeps {
  data: DataExportRepository;
  imports: ImportsRepository;
  users: UserDirectory;
  media: PbMediaStore;
  storage: Storage;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Where entries are unpacked for the upload checks (the stale temp sweep's folder). */
  tmpDir: string;
}

/**
 * The work of an import the job does (docs/PRODUCT.md §11): the archive judged again, every
 * distinct media file brought in through the same checks and processing as an upload (once, see
 * ImportMedia), every row and the import's end written in one transaction, and the files it
 * stored removed if anything fails.
 */
export class DataImporter {
  constructor(private readonly deps: DataImporterDeps) {}

  async run(
    userId: string,
    importId: string,
    archivePath: string,
    signal: AbortSignal,
  ): Promise<DataImportResult> {
    const { data: repository, users } = this.deps;
    const user = await users.findById(userId);
    if (!user) throw new AppError('UNAUTHORIZED', SESSION_EXPIRED_MESSAGE);
    if (await repository.hasExercises(userId)) throw notEmpty();
    const archive = await ImportArchive.open(archivePath);
    const media = new ImportMedia(archive, this.deps.media, this.deps.storage, this.deps.tmpDir);
    const stored = media.stored;
    let replacedAvatarKey: string | null = null;
    let result: DataImportResult;
    try {
      const { data, plan } = await checkArchive(archive, user.subscriptionTier);
      const quota = STORAGE_QUOTA_BYTES[user.subscriptionTier];
      const exercises: ImportedExercise[] = [];
      for (const exercise of plan.exercises) {
        const records: ImportedExercise['records'] = [];
        for (const record of exercise.records) {
          signal.throwIfAborted();
          records.push({
            id: randomUUID(),
            amount: record.amount,
            unit: record.unit,
            sets: record.sets,
            reps: record.reps,
            story: record.story,
            achievedOn: record.achievedOn,
            createdAt: new Date(record.createdAt).toISOString(),
            media: await media.forRecord(record, exercise.title),
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
      // The exact check, on what the stored files (copies included) take.
      const bytes = exercises.flatMap((e) => e.records).reduce((n, r) => n + r.media.bytes, 0);
      if (bytes > quota) throw quotaReached(quota);

      let avatarKey: string | undefined;
      if (data.profile.avatar) {
        avatarKey = await this.ingestAvatar(archive, data.profile.avatar);
        stored.push(avatarKey);
      }

      result = {
        importedExercises: exercises.length,
        importedRecords: exercises.reduce((n, e) => n + e.records.length, 0),
        leftOutTitles: plan.leftOutTitles,
      };
      const done = result;
      const outcome = await repository.importInto(
        userId,
        exercises,
        {
          // An empty bio in the archive leaves the account's own.
          ...(data.profile.bio.trim() && { bio: data.profile.bio }),
          ...(avatarKey && { avatarKey }),
        },
        (trx) => this.deps.imports.finish(trx, importId, done, importedMessage(done)),
      );
      if (!outcome.done) throw notEmpty();
      replacedAvatarKey = outcome.replacedAvatarKey;
    } catch (err) {
      await this.removeFiles(stored);
      throw err;
    } finally {
      archive.close();
    }
    if (replacedAvatarKey) await this.removeFiles([replacedAvatarKey]);
    return result;
  }

  private async ingestAvatar(archive: ImportArchive, path: string): Promise<string> {
    const where = 'Your avatar';
    let file;
    try {
      file = await receiveUpload(
        { file: await archive.openEntry(path) },
        this.deps.tmpDir,
        AVATAR_RULES,
      );
    } catch (err) {
      throw inContext(err, where);
    }
    if (!file) {
      throw new AppError('VALIDATION_ERROR', `${where}: ${path} is empty. ${NOTHING_IMPORTED}`);
    }
    try {
      const webp = await processAvatar(file.path);
      const key = `avatars/${randomUUID()}.webp`;
      await this.deps.storage.put(key, webp, 'image/webp');
      return key;
    } catch (err) {
      throw err instanceof AppError ? inContext(err, where) : err;
    } finally {
      await discard(file);
    }
  }

  private async removeFiles(keys: string[]): Promise<void> {
    for (const key of keys) {
      try {
        await this.deps.storage.delete(key);
      } catch (err) {
        // An orphan file is harmless (the sweep takes it); failing the import over it is not.
        this.deps.log.warn({ err, key }, 'could not delete a stored file');
      }
    }
  }
}
