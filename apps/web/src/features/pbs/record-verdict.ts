import {
  bestRecord,
  compareValues,
  improvementOver,
  notBestQuestion,
  oldestFirst,
  titleKey,
  type PbInput,
  type PersonalBest,
} from '@pbshare/shared';

/**
 * How a new record stands against its exercise's records (docs/PRODUCT.md §3, Comparison):
 * - `first`: no record of that exercise is of the same kind (a new exercise, reps against a
 *   time, a 5-rep set against triples), so there is nothing to beat and nothing to ask;
 * - `beats`: better than every record of its kind, celebrated with its change ('+5 kg');
 * - `notBest`: a tie or worse, so the form says before saving that the best stays the headline.
 */
export type RecordVerdict =
  { kind: 'first' } | { kind: 'beats'; change: string } | { kind: 'notBest'; question: string };

/** The verdict on `input` as a new record, given the profile's cards (each with its history). */
export function verdictOnNewRecord(
  exercises: readonly PersonalBest[],
  input: Pick<PbInput, 'title' | 'category' | 'value'> & Partial<Pick<PbInput, 'reps'>>,
): RecordVerdict {
  const key = titleKey(input.title);
  const exercise = exercises.find((pb) => titleKey(pb.title) === key);
  if (!exercise) return { kind: 'first' };
  const value = { ...input.value, reps: input.reps };
  // Oldest first, so on a tie the record that reached the mark first is the best.
  const records = oldestFirst([exercise, ...exercise.personalBestHistory]);
  const best = bestRecord(input.category, records, value);
  if (!best) return { kind: 'first' };
  const comparison = compareValues(input.category, value, best);
  if (comparison === undefined) return { kind: 'first' };
  if (comparison <= 0) {
    return { kind: 'notBest', question: notBestQuestion(input.category, value, best) };
  }
  const improvement = improvementOver(input.category, value, records);
  return improvement ? { kind: 'beats', change: improvement.change } : { kind: 'first' };
}
