import {
  displayValue,
  formatLongDate,
  formatValue,
  publicPbSchema,
  recordStanding,
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
  return {
    ...toPbRecord(main, url),
    exerciseId: exercise.id,
    title: exercise.title,
    category: exercise.category,
    isVisible: exercise.isVisible,
    order: exercise.position,
    // The owner's alone: toPublicPb's schema leaves it out of what visitors get.
    moderation: exercise.moderation,
    ...recordStanding(exercise.category, main, [main, ...history]),
  };
}
