import {
  AVATAR_MAX_BYTES,
  FREE_TIER_PB_LIMIT,
  IMAGE_MAX_BYTES,
  STORAGE_QUOTA_BYTES,
  VIDEO_MAX_BYTES,
  formatStorageBytes,
  type DataArchive,
  type DataImportResult,
  type SubscriptionTier,
} from '@pbshare/shared';
import { AppError } from '../../errors/app-error.js';
import { DAMAGED_ARCHIVE, type ImportArchive } from './archive-reader.js';
import {
  NOTHING_IMPORTED,
  parseArchiveJson,
  planImport,
  recordLabel,
  type ImportPlan,
} from './import-plan.js';

export const NOT_EMPTY_MESSAGE =
  'Import works only into an account with no personal bests yet. Delete your PBs first, or import into a new account.';

export const IMPORT_UNDER_WAY_MESSAGE =
  'An import is already under way on this account. Wait for it to finish before you start another.';

/** What the person reads when an import broke for a reason that is not the archive's. */
export const IMPORT_BROKE_MESSAGE = `Your data could not be imported. Please try again. ${NOTHING_IMPORTED}`;

/**
 * Everything about an archive that can be judged without reading its media: `pbshare.json`, the
 * plan for an account of `tier`, every named file present within its size limit, and the files'
 * declared sizes within the quota. Run when the archive arrives and again by the job.
 */
export async function checkArchive(
  archive: ImportArchive,
  tier: SubscriptionTier,
): Promise<{ data: DataArchive; plan: ImportPlan }> {
  const data = parseArchiveJson(await archive.readJson());
  const plan = planImport(data, tier);
  checkFiles(archive, data);
  const quota = STORAGE_QUOTA_BYTES[tier];
  if (declaredBytes(archive, plan) > quota) throw quotaReached(quota);
  return { data, plan };
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

export function quotaReached(quota: number): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `The archive's media take more than your ${formatStorageBytes(quota)} of storage. ${NOTHING_IMPORTED}`,
  );
}

export function notEmpty(): AppError {
  return new AppError('CONFLICT', NOT_EMPTY_MESSAGE);
}

/** A media refusal said about the record it concerns; a stream that broke is a damaged archive. */
export function inContext(err: unknown, where: string): AppError {
  if (err instanceof AppError) {
    const message = err.message.endsWith(NOTHING_IMPORTED)
      ? err.message
      : `${where}: ${err.message} ${NOTHING_IMPORTED}`;
    return new AppError(err.code, message);
  }
  return new AppError('BAD_REQUEST', DAMAGED_ARCHIVE);
}

export function importedMessage(result: DataImportResult): string {
  const exercises = `${result.importedExercises} ${result.importedExercises === 1 ? 'exercise' : 'exercises'}`;
  const records = `${result.importedRecords} ${result.importedRecords === 1 ? 'record' : 'records'}`;
  const leftOut = result.leftOutTitles.length
    ? ` The free plan holds ${FREE_TIER_PB_LIMIT} exercises, so these were left out: ${result.leftOutTitles.join(', ')}.`
    : '';
  return `Imported ${exercises} with ${records}.${leftOut}`;
}
