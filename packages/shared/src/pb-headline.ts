import type { Category } from './categories.js';
import { bestRecord, improvementOver, newPbBadgeUntil, type Measured } from './pb-comparison.js';
import { newestFirst, oldestFirst, type Dated } from './pb-grouping.js';
import { displayValue } from './pb-values.js';
import type { PersonalBest } from './pbs.js';

/**
 * Which record of an exercise is its headline, the PB every screen, answer and image shows
 * (docs/PRODUCT.md §3, Current PB): the best, not the newest. The newest record decides what is
 * measured (its unit family and, for a weight, its rep count), and the best record of that kind
 * leads; so a record that compares with no other (reps after a time, a 5-rep set after triples)
 * leads because it is newer. On a tie the earlier record stays the best: it set the mark first.
 */
export function headlineRecord<T extends Measured & Dated>(
  category: Category,
  records: readonly T[],
): T | undefined {
  const ordered = oldestFirst(records);
  const newest = ordered.at(-1);
  return newest && bestRecord(category, ordered, newest);
}

/** The headline record and the others, newest first (its history); undefined for no records. */
export function splitHeadline<T extends Measured & Dated>(
  category: Category,
  records: readonly T[],
): { current: T; history: T[] } | undefined {
  const current = headlineRecord(category, records);
  if (!current) return undefined;
  return { current, history: newestFirst(records).filter((record) => record !== current) };
}

/**
 * How `record` stands among its exercise's `records` (itself included), as a card says it
 * (docs/PRODUCT.md §3, Comparison): its change against the best of its kind set before it, and
 * until when it is a New PB (only when it beat that best).
 */
export function recordStanding<T extends Measured & Dated>(
  category: Category,
  record: T,
  records: readonly T[],
): Pick<PersonalBest, 'improvement' | 'newPbUntil'> {
  const ordered = oldestFirst(records);
  const improvement = improvementOver(category, record, ordered.slice(0, ordered.indexOf(record)));
  if (!improvement) return { improvement: null, newPbUntil: null };
  const { previousBest, change, beaten } = improvement;
  return {
    improvement: { previousBest: displayValue(previousBest), change, beaten },
    newPbUntil: beaten ? newPbBadgeUntil(record) : null,
  };
}
