import {
  displayValue,
  formatLongDate,
  formatValue,
  improvementOver,
  newPbBadgeUntil,
  oldestFirst,
  publicPbSchema,
  type PbMedia,
  type PbRecord,
  type PersonalBest,
  type PublicPb,
} from '@pbshare/shared';
import type { ExerciseRow, RecordRow } from './repository.js';

type UrlOf = (key: string) => string;

export function toPbMedia(record: RecordRow, url: UrlOf): PbMedia {
  const m = record.media;
  const posterUrl = m.posterKey ? url(m.posterKey) : null;
  return {
    type: m.type,
    status: m.status,
    url: url(m.mediaKey),
    cardUrl: m.cardKey ? url(m.cardKey) : posterUrl,
    fullUrl: url(m.mediaKey),
    posterUrl,
    width: m.width,
    height: m.height,
    durationSeconds: m.type === 'video' ? m.durationSeconds : null,
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
 * One card: `main` (the headline record, or the one asked for by id) with the exercise's fields and
 * `history`, the exercise's other records, already newest first.
 */
export function toPersonalBest(
  exercise: ExerciseRow,
  main: RecordRow,
  history: readonly RecordRow[],
  url: UrlOf,
): PersonalBest {
  return {
    ...cardOf(exercise, main, history, url),
    personalBestHistory: history.map((r) => toPbRecord(r, url)),
  };
}

/**
 * A card as a visitor of the public page sees it: the owner's card cut down to what
 * `publicPbSchema` lists. The schema is the one list of public fields, here and in the answer's
 * serializer, so a field added to the owner's card reaches strangers only if it is added there.
 * `history` (newest first) is read for the New PB badge only; no older record is sent.
 */
export function toPublicPb(
  exercise: ExerciseRow,
  current: RecordRow,
  history: readonly RecordRow[],
  url: UrlOf,
): PublicPb {
  return publicPbSchema.parse(cardOf(exercise, current, history, url));
}

function cardOf(
  exercise: ExerciseRow,
  main: RecordRow,
  history: readonly RecordRow[],
  url: UrlOf,
): Omit<PersonalBest, 'personalBestHistory'> {
  const improvement = improvementOver(exercise.category, main, olderOldestFirst(main, history));
  return {
    ...toPbRecord(main, url),
    exerciseId: exercise.id,
    title: exercise.title,
    category: exercise.category,
    isVisible: exercise.isVisible,
    order: exercise.position,
    improvement: improvement
      ? {
          previousBest: displayValue(improvement.previousBest),
          change: improvement.change,
          beaten: improvement.beaten,
        }
      : null,
    newPbUntil: improvement?.beaten ? newPbBadgeUntil(main) : null,
  };
}

/**
 * The records set before `main` (by achieved day, then creation), oldest first, as
 * `improvementOver` wants them: every card, the headline's or a history record's, is measured
 * against the best of its kind that came before it.
 */
function olderOldestFirst(main: RecordRow, history: readonly RecordRow[]): RecordRow[] {
  const ordered = oldestFirst([main, ...history]);
  return ordered.slice(0, ordered.indexOf(main));
}
