import { z } from 'zod';
import { BIO_MAX_LENGTH, SUBSCRIPTION_TIERS } from './auth.js';
import { CATEGORIES, UNITS } from './categories.js';
import { MEDIA_TYPES, PB_STORY_MAX_LENGTH, PB_TITLE_MAX_LENGTH, SETS_REPS_MAX } from './pbs.js';

/**
 * "Download my data" (docs/PRODUCT.md §11): the ZIP archive `GET /v1/users/export` writes and
 * `POST /v1/users/import` reads. This file is the format's one description.
 *
 * ```
 * pbshare.json                     DataArchive (below)
 * profile/avatar.webp              the avatar, when there is one
 * media/<recordId>/full.webp       a photo: the full-screen size (the largest kept) ...
 * media/<recordId>/card.webp       ... and the card size
 * media/<recordId>/original.<ext>  a video as uploaded (mp4, mov or webm) ...
 * media/<recordId>/poster.webp     ... and its poster, when it has one
 * ```
 *
 * An import reads only `media.file` (and a video's `poster`) and makes every other size again,
 * as an upload would: the renditions in an archive are for people, never trusted.
 */

export const DATA_ARCHIVE_FORMAT = 'pbshare-export';
export const DATA_ARCHIVE_VERSION = 1;
/** The archive's description of the account, at its root. */
export const DATA_ARCHIVE_JSON_NAME = 'pbshare.json';

const MB = 1024 * 1024;

/** The largest archive an import reads (the whole upload). */
export const DATA_ARCHIVE_MAX_BYTES = 1024 * MB;
/** The largest `pbshare.json` an import reads. */
export const DATA_ARCHIVE_JSON_MAX_BYTES = 10 * MB;
/** At most this many entries: every record's files and a margin. */
export const DATA_ARCHIVE_MAX_ENTRIES = 20_000;
/**
 * No entry of more than `DATA_ARCHIVE_RATIO_FROM_BYTES` may unpack to more than this many times
 * what it takes in the archive: photos and videos hardly compress, and JSON about 10 times.
 */
export const DATA_ARCHIVE_MAX_RATIO = 100;
export const DATA_ARCHIVE_RATIO_FROM_BYTES = MB;

/** `pbshare-<username>-<YYYY-MM-DD>.zip`, the day in UTC. */
export function dataArchiveFileName(username: string, at: Date): string {
  return `pbshare-${username}-${at.toISOString().slice(0, 10)}.zip`;
}

const ENTRY_NAME_MAX_LENGTH = 255;
const SAFE_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

/**
 * Whether an entry name in an archive is safe to think about at all: relative, forward slashes
 * only, no empty, `.` or `..` segment, no drive letter, plain ASCII letters, digits, `.`, `_`
 * and `-`. Every entry of an imported archive must pass, referenced or not: a name that fails
 * is a tampered archive.
 */
export function isSafeEntryName(name: string): boolean {
  if (name.length === 0 || name.length > ENTRY_NAME_MAX_LENGTH) return false;
  // A folder entry ends with '/': its name is judged without it.
  const path = name.endsWith('/') ? name.slice(0, -1) : name;
  return path.split('/').every((segment) => SAFE_SEGMENT.test(segment) && !/^\.+$/.test(segment));
}

/** The paths `pbshare.json` may name: a record's files under `media/`, the avatar under `profile/`. */
const MEDIA_PATH = /^media\/[A-Za-z0-9_-]{1,64}\/[a-z0-9-]{1,32}\.[a-z0-9]{1,8}$/;
const AVATAR_PATH = /^profile\/avatar\.[a-z0-9]{1,8}$/;

const mediaPathSchema = z
  .string()
  .refine(
    (path) => MEDIA_PATH.test(path) && isSafeEntryName(path),
    'must be a path like media/<id>/full.webp',
  );

export const dataArchiveRecordSchema = z.strictObject({
  amount: z.number(),
  unit: z.enum(UNITS),
  /** 'YYYY-MM-DD'. */
  achievedOn: z.iso.date(),
  sets: z.int().min(1).max(SETS_REPS_MAX).nullable(),
  reps: z.int().min(1).max(SETS_REPS_MAX).nullable(),
  story: z.string().max(PB_STORY_MAX_LENGTH),
  /** When the record was first saved: among records of one day, the later one is current. */
  createdAt: z.iso.datetime({ offset: true }),
  media: z.strictObject({
    type: z.enum(MEDIA_TYPES),
    /** The photo's full-screen size, or the video as uploaded. */
    file: mediaPathSchema,
    /** A photo's card size (informative). */
    card: mediaPathSchema.nullable(),
    /** A video's poster. */
    poster: mediaPathSchema.nullable(),
  }),
});
export type DataArchiveRecord = z.infer<typeof dataArchiveRecordSchema>;

export const dataArchiveExerciseSchema = z.strictObject({
  title: z.string().trim().min(1).max(PB_TITLE_MAX_LENGTH),
  category: z.enum(CATEGORIES),
  isVisible: z.boolean(),
  /** The place on the profile, 0 first. */
  order: z.int().min(0),
  records: z.array(dataArchiveRecordSchema).min(1).max(DATA_ARCHIVE_MAX_ENTRIES),
});
export type DataArchiveExercise = z.infer<typeof dataArchiveExerciseSchema>;

export const dataArchiveSchema = z.strictObject({
  format: z.literal(DATA_ARCHIVE_FORMAT),
  version: z.literal(DATA_ARCHIVE_VERSION),
  exportedAt: z.iso.datetime({ offset: true }),
  profile: z.strictObject({
    /** Informative: an import keeps the account's own username. */
    username: z.string().max(100),
    bio: z.string().max(BIO_MAX_LENGTH),
    avatar: z
      .string()
      .refine((path) => AVATAR_PATH.test(path), 'must be a path like profile/avatar.webp')
      .nullable(),
    /** Informative: an import applies the importing account's own plan. */
    tier: z.enum(SUBSCRIPTION_TIERS),
  }),
  exercises: z.array(dataArchiveExerciseSchema).max(DATA_ARCHIVE_MAX_ENTRIES),
});
export type DataArchive = z.infer<typeof dataArchiveSchema>;

/** What `format` and `version` say, read first so an archive of another version is named as such. */
export const dataArchiveHeaderSchema = z.looseObject({
  format: z.string(),
  version: z.number(),
});

/** What an import did. */
export const dataImportResultSchema = z.object({
  importedExercises: z.int(),
  importedRecords: z.int(),
  /** Titles of the exercises the free cap left out, in the archive's order. */
  leftOutTitles: z.array(z.string()),
});
export type DataImportResult = z.infer<typeof dataImportResultSchema>;

/** Where an import stands: waiting for the worker, being read, finished, or refused. */
export const DATA_IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type DataImportStatusName = (typeof DATA_IMPORT_STATUSES)[number];

/**
 * An account's import (`POST /v1/users/import` answers it with 202, `GET /v1/users/import` gives
 * the latest): the archive was checked when it arrived; its media are read in the background.
 */
export const dataImportStatusSchema = z.object({
  id: z.string(),
  status: z.enum(DATA_IMPORT_STATUSES),
  /** What to tell the person: the outcome once done, the reason once failed. */
  message: z.string(),
  /** What the import did, once done. */
  result: dataImportResultSchema.nullable(),
});
export type DataImportStatus = z.infer<typeof dataImportStatusSchema>;
