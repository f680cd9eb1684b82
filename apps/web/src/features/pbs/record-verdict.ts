import {
  bestRecord,
  compareValues,
  improvementOver,
  notBestQuestion,
  titleKey,
  type PbInput,
  type PersonalBest,
} from '@pbshare/shared';

/**
 * How a new record stands against its exercise's records (docs/PRODUCT.md §3, Comparison):
 * - `first`: no record of that exercise measures the same thing (a new exercise, or reps against
 *   a time), so there is nothing to beat and nothing to ask;
 * - `beats`: better than every record, celebrated with its change ('+5 kg');
 * - `notBest`: a tie or worse, so the form asks `question` before saving.
 */
export type RecordVerdict =
  { kind: 'first' } | { kind: 'beats'; change: string } | { kind: 'notBest'; question: string };

/** The verdict on `input` as a new record, given the profile's cards (each with its history). */
export function verdictOnNewRecord(
  exercises: readonly PersonalBest[],
  input: Pick<PbInput, 'title' | 'category' | 'value'>,
): RecordVerdict {
  const key = titleKey(input.title);
  const exercise = exercises.find((pb) => titleKey(pb.title) === key);
  if (!exercise) return { kind: 'first' };
  // Oldest first, so on a tie the record that reached the mark first is the best.
  const records = [exercise, ...exercise.personalBestHistory].reverse();
  const best = bestRecord(input.category, records, input.value.unit);
  if (!best) return { kind: 'first' };
  const comparison = compareValues(input.category, input.value, best);
  if (comparison === undefined) return { kind: 'first' };
  if (comparison <= 0) {
    return { kind: 'notBest', question: notBestQuestion(input.category, input.value, best) };
  }
  const improvement = improvementOver(input.category, input.value, records);
  return improvement ? { kind: 'beats', change: improvement.change } : { kind: 'first' };
}
