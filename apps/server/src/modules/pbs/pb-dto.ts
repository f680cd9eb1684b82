import {
  displayValue,
  formatLongDate,
  formatValue,
  type PbMedia,
  type PbRecord,
  type PersonalBest,
} from '@pbshare/shared';
import type { ExerciseRow, RecordRow } from './repository.js';

type UrlOf = (key: string) => string;

export function toPbMedia(record: RecordRow, url: UrlOf): PbMedia {
  const m = record.media;
  const posterUrl = m.posterKey ? url(m.posterKey) : null;
  return {
    type: m.type,
    url: url(m.mediaKey),
    cardUrl: m.cardKey ? url(m.cardKey) : posterUrl,
    fullUrl: url(m.mediaKey),
    posterUrl,
    width: m.width,
    height: m.height,
  };
}

export function toPbRecord(record: RecordRow, url: UrlOf): PbRecord {
  const value = { amount: record.amount, unit: record.unit };
  return {
    id: record.id,
    value: formatValue(value),
    displayValue: displayValue(value),
    amount: record.amount,
    unit: record.unit,
    date: formatLongDate(record.achievedOn),
    achievedOn: record.achievedOn,
    sets: record.sets,
    reps: record.reps,
    story: record.story,
    image: url(record.media.mediaKey),
    mediaType: record.media.type,
    media: toPbMedia(record, url),
    createdAt: record.createdAt,
  };
}

/**
 * One card: `main` (the current record, or the one asked for by id) with the exercise's fields and
 * `history`, the exercise's other records, already newest first.
 */
export function toPersonalBest(
  exercise: ExerciseRow,
  main: RecordRow,
  history: readonly RecordRow[],
  url: UrlOf,
): PersonalBest {
  return {
    ...toPbRecord(main, url),
    exerciseId: exercise.id,
    title: exercise.title,
    category: exercise.category,
    isVisible: exercise.isVisible,
    order: exercise.position,
    personalBestHistory: history.map((r) => toPbRecord(r, url)),
  };
}
