import {
  DATA_ARCHIVE_FORMAT,
  DATA_ARCHIVE_VERSION,
  FREE_TIER_PB_LIMIT,
  dataArchiveHeaderSchema,
  dataArchiveSchema,
  pbInputSchema,
  titleKey,
  todayIso,
  type DataArchive,
  type DataArchiveExercise,
  type DataArchiveRecord,
  type SubscriptionTier,
} from '@pbshare/shared';
import { AppError } from '../../errors/app-error.js';

export const NOTHING_IMPORTED = 'Nothing was imported.';

/** The most generous "today" on Earth (UTC+14), as for a PB saved through the form. */
const LATEST_OFFSET_MINUTES = 14 * 60;

/** An archive's exercise with its place kept and its records checked by the PB rules. */
export interface PlannedExercise extends Omit<DataArchiveExercise, 'records'> {
  titleKey: string;
  records: DataArchiveRecord[];
}

export interface ImportPlan {
  exercises: PlannedExercise[];
  /** Titles the free cap leaves out, in the archive's order. */
  leftOutTitles: string[];
}

/**
 * `pbshare.json` read as the format says (docs/PRODUCT.md §11): its `format` and `version` first,
 * so an archive of another version is named as such, then the whole shape.
 */
export function parseArchiveJson(json: unknown): DataArchive {
  const header = dataArchiveHeaderSchema.safeParse(json);
  if (!header.success || header.data.format !== DATA_ARCHIVE_FORMAT) {
    throw new AppError(
      'VALIDATION_ERROR',
      `This archive's pbshare.json is not a PBShare export. ${NOTHING_IMPORTED}`,
    );
  }
  if (header.data.version !== DATA_ARCHIVE_VERSION) {
    const newer = header.data.version > DATA_ARCHIVE_VERSION;
    throw new AppError(
      'VALIDATION_ERROR',
      newer
        ? `This archive was made by a newer PBShare (format version ${header.data.version}); this one reads version ${DATA_ARCHIVE_VERSION}. ${NOTHING_IMPORTED}`
        : `This archive's format version (${header.data.version}) is not one PBShare reads. ${NOTHING_IMPORTED}`,
    );
  }
  const parsed = dataArchiveSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.map(String).join('.')}` : '';
    throw new AppError(
      'VALIDATION_ERROR',
      `This archive's pbshare.json is not as PBShare writes it${where}: ${issue?.message ?? 'unexpected content'}. ${NOTHING_IMPORTED}`,
    );
  }
  return parsed.data;
}

/**
 * What an import of `archive` writes for an account of `tier`: the exercises in their order
 * (each record checked by the same rules as a PB saved through the form), and for a free
 * account only the first FREE_TIER_PB_LIMIT, each with all its records.
 */
export function planImport(archive: DataArchive, tier: SubscriptionTier): ImportPlan {
  const rules = pbInputSchema({ today: () => todayIso(new Date(), LATEST_OFFSET_MINUTES) });
  const seen = new Map<string, string>();
  const ordered = archive.exercises
    .map((exercise, index) => ({ exercise, index }))
    .sort((a, b) => a.exercise.order - b.exercise.order || a.index - b.index)
    .map(({ exercise }): PlannedExercise => {
      const key = titleKey(exercise.title);
      const clash = seen.get(key);
      if (clash !== undefined) {
        throw new AppError(
          'VALIDATION_ERROR',
          `The archive lists "${clash}" twice. ${NOTHING_IMPORTED}`,
        );
      }
      seen.set(key, exercise.title);
      return {
        ...exercise,
        titleKey: key,
        records: exercise.records.map((record) => {
          const checked = rules.safeParse({
            title: exercise.title,
            category: exercise.category,
            value: { unit: record.unit, amount: record.amount },
            date: record.achievedOn,
            sets: record.sets,
            reps: record.reps,
            story: record.story,
          });
          if (!checked.success) {
            throw new AppError(
              'VALIDATION_ERROR',
              `${recordLabel(exercise.title, record)}: ${checked.error.issues[0]?.message ?? 'not a valid personal best'}. ${NOTHING_IMPORTED}`,
            );
          }
          return { ...record, amount: checked.data.value.amount, story: checked.data.story };
        }),
      };
    });
  const kept = tier === 'free' ? ordered.slice(0, FREE_TIER_PB_LIMIT) : ordered;
  return {
    exercises: kept,
    leftOutTitles: ordered.slice(kept.length).map((exercise) => exercise.title),
  };
}

/** How a person finds a record in their own data: its exercise and day. */
export function recordLabel(title: string, record: Pick<DataArchiveRecord, 'achievedOn'>): string {
  return `${title} (${record.achievedOn})`;
}
