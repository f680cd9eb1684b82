import { TIME_BASED_CATEGORIES, type Category, type Unit } from './categories.js';
import { formatLongDate } from './dates.js';
import { displayDuration, displayValue, formatValue, type PbValue } from './pb-values.js';

/**
 * Which of two records of an exercise is better (docs/PRODUCT.md §3, Comparison). More weight and
 * more reps are better; a duration is better shorter in the time-based categories (a 5 km run) and
 * longer in Bodyweight Training (a plank hold). Weights compare across kg and lbs; reps and
 * durations never compare with each other, nor with weights.
 */

export type Direction = 'higher' | 'lower';

/** A New PB badge shows for this long after the record that beat the previous best was saved. */
export const NEW_PB_BADGE_DAYS = 7;

export const KG_PER_LB = 0.45359237;

const WEIGHT_UNITS: readonly Unit[] = ['kg', 'lbs'];

export function betterDirection(category: Category, unit: Unit): Direction {
  return unit === 'duration' && TIME_BASED_CATEGORIES.includes(category) ? 'lower' : 'higher';
}

/** Whether two units measure the same thing. */
export function comparableUnits(a: Unit, b: Unit): boolean {
  return a === b || (WEIGHT_UNITS.includes(a) && WEIGHT_UNITS.includes(b));
}

/** The amount of `value` in `unit` (kg and lbs convert; other units only to themselves). */
export function amountIn(value: PbValue, unit: Unit): number {
  if (value.unit === unit) return value.amount;
  if (value.unit === 'lbs' && unit === 'kg') return value.amount * KG_PER_LB;
  if (value.unit === 'kg' && unit === 'lbs') return value.amount / KG_PER_LB;
  throw new RangeError(`${value.unit} does not convert to ${unit}`);
}

// Stored weights have two decimals; a converted one is compared at that precision, so 100 kg and
// 220.46 lbs tie instead of one winning by a rounding crumb.
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Positive when `a` is better than `b`, negative when worse, 0 for a tie; undefined when the two
 * are not comparable (reps against a duration).
 */
export function compareValues(category: Category, a: PbValue, b: PbValue): number | undefined {
  if (!comparableUnits(a.unit, b.unit)) return undefined;
  const difference = round2(a.amount - amountIn(b, a.unit));
  if (difference === 0) return 0;
  return betterDirection(category, a.unit) === 'higher' ? difference : -difference;
}

/**
 * The best of `records` that compare with `against` (its unit family); on a tie the earliest in
 * the given order wins, so pass them oldest first to credit whoever set the mark first.
 */
export function bestRecord<T extends PbValue>(
  category: Category,
  records: readonly T[],
  against: Unit,
): T | undefined {
  let best: T | undefined;
  for (const record of records) {
    if (!comparableUnits(record.unit, against)) continue;
    if (!best || (compareValues(category, record, best) ?? 0) > 0) best = record;
  }
  return best;
}

/**
 * The signed change from `previous` to `current`, in `current`'s unit: '+5 kg', '-2.5 lbs',
 * '+3 reps', '-0:42' (durations without a zero hour). Undefined when they do not compare.
 */
export function changeText(current: PbValue, previous: PbValue): string | undefined {
  if (!comparableUnits(current.unit, previous.unit)) return undefined;
  const difference = round2(current.amount - amountIn(previous, current.unit));
  const sign = difference > 0 ? '+' : difference < 0 ? '-' : '±';
  const size = Math.abs(difference);
  const text =
    current.unit === 'duration'
      ? displayDuration(size).replace(/^0(?=\d:)/, '')
      : formatValue({ amount: size, unit: current.unit });
  return `${sign}${text}`;
}

export interface Improvement {
  /** The best of the older records, the mark the current record is measured against. */
  previousBest: PbValue;
  /** '+5 kg', '-0:42'. */
  change: string;
  /** Whether the current record beats that mark (a tie does not). */
  beaten: boolean;
}

/**
 * How the current record of an exercise stands against the best of its older records; undefined
 * for a first record, or when no older record measures the same thing.
 */
export function improvementOver(
  category: Category,
  current: PbValue,
  olderOldestFirst: readonly PbValue[],
): Improvement | undefined {
  const previousBest = bestRecord(category, olderOldestFirst, current.unit);
  if (!previousBest) return undefined;
  const change = changeText(current, previousBest);
  const comparison = compareValues(category, current, previousBest);
  if (change === undefined || comparison === undefined) return undefined;
  return {
    previousBest: { amount: previousBest.amount, unit: previousBest.unit },
    change,
    beaten: comparison > 0,
  };
}

/** Until when a record saved at `createdAt` that beat the previous best shows 'New PB'. */
export function newPbBadgeUntil(createdAt: string): string {
  return new Date(Date.parse(createdAt) + NEW_PB_BADGE_DAYS * 24 * 3600 * 1000).toISOString();
}

/**
 * What the PB form asks before saving a record that does not beat the exercise's best:
 * '100 kg is below your best, 140 kg on March 4, 2026. Save it anyway?'.
 */
export function notBestQuestion(
  category: Category,
  value: PbValue,
  best: PbValue & { achievedOn: string },
): string {
  const comparison = compareValues(category, value, best);
  const relation =
    comparison === 0
      ? 'equals'
      : betterDirection(category, value.unit) === 'lower'
        ? 'is slower than'
        : 'is below';
  return `${displayValue(value)} ${relation} your best, ${displayValue(best)} on ${formatLongDate(best.achievedOn)}. Save it anyway?`;
}
