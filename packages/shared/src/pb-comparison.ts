import { TIME_BASED_CATEGORIES, type Category, type Unit } from './categories.js';
import { formatLongDate } from './dates.js';
import { PB_MESSAGES } from './messages.js';
import { displayDuration, displayValue, formatValue, type PbValue } from './pb-values.js';

/**
 * Which of two records of an exercise is better (docs/PRODUCT.md §3, Comparison). More weight and
 * more reps are better; a duration is better shorter in the time-based categories (a 5 km run) and
 * longer in Bodyweight Training (a plank hold). Weights compare across kg and lbs, and only at the
 * same rep count (a rep max); reps and durations never compare with each other, nor with weights.
 */

export type Direction = 'higher' | 'lower';

/**
 * A value with the rep count it was lifted for. A weight with reps is a rep max: a 3-rep best and
 * a 5-rep best are different records. A weight without reps counts as a single lift.
 */
export interface Measured extends PbValue {
  reps?: number | null;
}

/** A New PB badge shows for this long after the record that beat the previous best was achieved. */
export const NEW_PB_BADGE_DAYS = 7;

const DAY_MS = 24 * 3600 * 1000;

export const KG_PER_LB = 0.45359237;

const WEIGHT_UNITS: readonly Unit[] = ['kg', 'lbs'];

export function betterDirection(category: Category, unit: Unit): Direction {
  return unit === 'duration' && TIME_BASED_CATEGORIES.includes(category) ? 'lower' : 'higher';
}

/** Whether two units measure the same thing. */
export function comparableUnits(a: Unit, b: Unit): boolean {
  return a === b || (WEIGHT_UNITS.includes(a) && WEIGHT_UNITS.includes(b));
}

/** The rep count a weight was lifted for (1 when none was given); undefined for other units. */
function repMax(record: Measured): number | undefined {
  return WEIGHT_UNITS.includes(record.unit) ? (record.reps ?? 1) : undefined;
}

/** Whether two records are the same kind of record: one unit family and, for weights, one rep count. */
export function comparableRecords(a: Measured, b: Measured): boolean {
  return comparableUnits(a.unit, b.unit) && repMax(a) === repMax(b);
}

/**
 * A record as a card names it: '140 kg × 3' for a weight lifted for reps, else its value ('140 kg'
 * for a single, '22:48').
 */
export function recordText(record: Measured): string {
  const reps = repMax(record) ?? 1;
  return reps > 1 ? `${displayValue(record)} × ${reps}` : displayValue(record);
}

/** The amount of `value` in `unit` (kg and lbs convert; other units only to themselves). */
export function amountIn(value: PbValue, unit: Unit): number {
  if (value.unit === unit) return value.amount;
  if (value.unit === 'lbs' && unit === 'kg') return value.amount * KG_PER_LB;
  if (value.unit === 'kg' && unit === 'lbs') return value.amount / KG_PER_LB;
  throw new RangeError(`${value.unit} does not convert to ${unit}`);
}

const roundTo = (n: number, decimals: number) => Math.round(n * 10 ** decimals) / 10 ** decimals;

/**
 * `a` minus `b` in `a`'s unit. Within one unit it is exact to the stored two decimals; across kg
 * and lbs the conversion invents digits, so it is rounded to a tenth ('+3.6 lbs', not '+3.63
 * lbs'), and 100 kg ties 220.46 lbs instead of one winning by a rounding crumb.
 */
function difference(a: PbValue, b: PbValue): number {
  if (a.unit === b.unit) return roundTo(a.amount - b.amount, 2);
  return roundTo(a.amount - amountIn(b, a.unit), 1);
}

/**
 * Positive when `a` is better than `b`, negative when worse, 0 for a tie; undefined when the two
 * are not comparable (reps against a duration, a 3-rep max against a 5-rep max).
 */
export function compareValues(category: Category, a: Measured, b: Measured): number | undefined {
  if (!comparableRecords(a, b)) return undefined;
  const by = difference(a, b);
  if (by === 0) return 0;
  return betterDirection(category, a.unit) === 'higher' ? by : -by;
}

/**
 * The best of `records` of the same kind as `against` (`comparableRecords`); on a tie the earliest
 * in the given order wins, so pass them oldest first to credit whoever set the mark first.
 */
export function bestRecord<T extends Measured>(
  category: Category,
  records: readonly T[],
  against: Measured,
): T | undefined {
  let best: T | undefined;
  for (const record of records) {
    if (!comparableRecords(record, against)) continue;
    if (!best || (compareValues(category, record, best) ?? 0) > 0) best = record;
  }
  return best;
}

/**
 * The signed change from `previous` to `current`, in `current`'s unit: '+5 kg', '-2.5 lbs',
 * '+3 reps', '-0:42' (durations without a zero hour), a converted weight to a tenth ('+3.6 lbs').
 * Undefined when the units do not compare.
 */
export function changeText(current: PbValue, previous: PbValue): string | undefined {
  if (!comparableUnits(current.unit, previous.unit)) return undefined;
  const by = difference(current, previous);
  const sign = by > 0 ? '+' : by < 0 ? '-' : '±';
  const size = Math.abs(by);
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
  current: Measured,
  olderOldestFirst: readonly Measured[],
): Improvement | undefined {
  const previousBest = bestRecord(category, olderOldestFirst, current);
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

/**
 * Until when a record that beat the previous best shows 'New PB': 7 days from when it was
 * achieved, not from when it was saved, so a back-dated record is not new. It was achieved by the
 * end of its day (UTC) and by its saving, whichever came first; a record saved the day it was
 * achieved counts from its saving.
 */
export function newPbBadgeUntil(record: { achievedOn: string; createdAt: string }): string {
  const endOfDay = Date.parse(`${record.achievedOn}T00:00:00.000Z`) + DAY_MS;
  const achievedBy = Math.min(Date.parse(record.createdAt), endOfDay);
  return new Date(achievedBy + NEW_PB_BADGE_DAYS * DAY_MS).toISOString();
}

/**
 * What the PB form says before saving a record that does not beat the best of its kind: how it
 * stands, then what saving does ('100 kg is below your best, 140 kg on March 4, 2026. Your best
 * stays 140 kg; 100 kg goes to your history.').
 */
export function notBestQuestion(
  category: Category,
  value: Measured,
  best: Measured & { achievedOn: string },
): string {
  const comparison = compareValues(category, value, best);
  const relation =
    comparison === 0
      ? 'equals'
      : betterDirection(category, value.unit) === 'lower'
        ? 'is slower than'
        : 'is below';
  const outcome = PB_MESSAGES.notBestOutcome
    .replace('{best}', recordText(best))
    .replace('{value}', recordText(value));
  return `${recordText(value)} ${relation} your best, ${recordText(best)} on ${formatLongDate(best.achievedOn)}. ${outcome}`;
}
