import {
  amountIn,
  bestRecord,
  betterDirection,
  comparableRecords,
  comparableUnits,
  displayDuration,
  displayValue,
  formatLongDate,
  oldestFirst,
  type Direction,
  type PbRecord,
  type PersonalBest,
  type Unit,
} from '@pbshare/shared';

/**
 * The numbers behind an exercise's progress chart: its records oldest first, each amount in the
 * current record's unit, the best one marked by the shared comparison rules
 * (`packages/shared/src/pb-comparison.ts`), and the scales that place them.
 */

export interface ProgressPoint {
  id: string;
  achievedOn: string;
  /** The amount in the series' unit (a lbs record of a kg exercise, converted). */
  amount: number;
  /** As the record was entered: '225 lbs', '22:48'. */
  recorded: string;
  /** In the series' unit, when that differs from how it was entered: '102.06 kg'. */
  converted?: string;
  isBest: boolean;
}

export interface ProgressSeries {
  title: string;
  unit: Unit;
  direction: Direction;
  /** Oldest first, by achieved day, then by creation. */
  points: ProgressPoint[];
  best: ProgressPoint;
  /** Records measured in a unit that does not compare with the current one (reps beside a time). */
  excluded: { count: number; units: Unit[] };
  /** Weights lifted for another rep count than the current record's (a 5-rep set beside triples). */
  otherRepCounts: number;
}

/** Fewer records than this draw no chart. */
export const MIN_CHART_POINTS = 2;

/** The exercise's series in its current record's unit; undefined when no record compares. */
export function progressSeries(pb: PersonalBest): ProgressSeries | undefined {
  const records: PbRecord[] = oldestFirst([pb, ...pb.personalBestHistory]);
  // Only records of the current one's kind are drawn: a 5-rep set is not progress on triples.
  const plotted = records.filter((record) => comparableRecords(record, pb));
  const others = records.filter((record) => !comparableUnits(record.unit, pb.unit));
  // Oldest first, so on a tie the record that reached the mark first is the best.
  const bestOne = bestRecord(pb.category, plotted, pb);
  if (!bestOne) return undefined;

  const points = plotted.map((record): ProgressPoint => {
    const amount = amountIn(record, pb.unit);
    return {
      id: record.id,
      achievedOn: record.achievedOn,
      amount,
      recorded: displayValue(record),
      converted: record.unit === pb.unit ? undefined : displayValue({ amount, unit: pb.unit }),
      isBest: record === bestOne,
    };
  });
  const best = points.find((point) => point.isBest);
  if (!best) return undefined;
  return {
    title: pb.title,
    unit: pb.unit,
    direction: betterDirection(pb.category, pb.unit),
    points,
    best,
    excluded: { count: others.length, units: [...new Set(others.map((record) => record.unit))] },
    otherRepCounts: records.length - plotted.length - others.length,
  };
}

/** A point's value in the series' unit: '145 kg', '22:48'. */
export function pointValue(point: ProgressPoint): string {
  return point.converted ?? point.recorded;
}

/**
 * What a screen reader hears for the chart: 'Progress of Bench Press: 5 records from 100 kg to
 * 145 kg, best 145 kg on March 4, 2026'.
 */
export function chartSummary(series: ProgressSeries): string {
  const first = series.points[0];
  const last = series.points[series.points.length - 1];
  if (!first || !last) return `Progress of ${series.title}`;
  const count = series.points.length;
  const lower = series.direction === 'lower' ? ' (lower is better)' : '';
  return (
    `Progress of ${series.title}: ${count} ${count === 1 ? 'record' : 'records'} from ` +
    `${pointValue(first)} to ${pointValue(last)}, best ${pointValue(series.best)} on ` +
    `${formatLongDate(series.best.achievedOn)}${lower}`
  );
}

const UNIT_NAMES: Record<Unit, string> = {
  kg: 'weight',
  lbs: 'weight',
  reps: 'reps',
  duration: 'time',
};

/**
 * '2 records measured in reps are not in the chart.', '1 record at another rep count is not in
 * the chart.', both, or undefined when none are left out.
 */
export function excludedNote(series: ProgressSeries): string | undefined {
  const { count, units } = series.excluded;
  const measure = units.map((unit) => UNIT_NAMES[unit]).join(' or ');
  const notes = [
    count === 0 ? '' : `${recordCount(count)} measured in ${measure} ${notInChart(count)}`,
    series.otherRepCounts === 0
      ? ''
      : `${recordCount(series.otherRepCounts)} at another rep count ${notInChart(series.otherRepCounts)}`,
  ].filter(Boolean);
  return notes.length > 0 ? notes.join(' ') : undefined;
}

const recordCount = (count: number) => (count === 1 ? '1 record' : `${count} records`);
const notInChart = (count: number) =>
  count === 1 ? 'is not in the chart.' : 'are not in the chart.';

/** A y-axis label: a time for durations ('22:48'), else the number ('142.5'). */
export function tickLabel(amount: number, unit: Unit): string {
  return unit === 'duration' ? displayDuration(amount) : String(Math.round(amount * 100) / 100);
}

const SHORT_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/** 'YYYY-MM-DD' → 'Mar 4, 2026' (an x-axis label). */
export function shortDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  if (!year || !month || !day) return isoDate;
  return `${SHORT_MONTHS[month - 1] ?? ''} ${day}, ${year}`;
}

export interface Scale {
  min: number;
  max: number;
  ticks: number[];
}

// Steps a time axis reads well in: seconds, then minutes, then hours.
const DURATION_STEPS = [
  1, 2, 5, 10, 15, 20, 30, 60, 120, 300, 600, 900, 1200, 1800, 3600, 7200, 10800, 21600, 43200,
];

function niceNumberStep(rough: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const residual = rough / magnitude;
  const factor = [1, 2, 2.5, 5, 10].find((candidate) => candidate >= residual - 1e-9) ?? 10;
  return factor * magnitude;
}

function niceStep(rough: number, unit: Unit): number {
  if (unit === 'duration') {
    const fit = DURATION_STEPS.find((step) => step >= rough);
    return fit ?? Math.ceil(rough / 86400) * 86400;
  }
  const step = niceNumberStep(rough);
  // Reps are whole: a step of 0.5 reps would label half a rep.
  return unit === 'reps' ? Math.max(1, Math.round(step)) : step;
}

/**
 * The y axis: round bounds around the amounts and about `targetTicks` evenly spaced ticks, from
 * `min` to `max`; `heightOf` says which end is drawn at the top.
 */
export function valueScale(amounts: readonly number[], unit: Unit, targetTicks = 4): Scale {
  let low = Math.min(...amounts);
  let high = Math.max(...amounts);
  if (!Number.isFinite(low) || !Number.isFinite(high)) return { min: 0, max: 1, ticks: [0, 1] };
  if (low === high) {
    // One level: give the line room above and below instead of a zero-height axis.
    const pad = unit === 'duration' ? 30 : Math.max(1, Math.abs(low) * 0.1);
    low -= pad;
    high += pad;
    if (low < 0 && amounts.every((amount) => amount >= 0)) low = 0;
  }
  const step = niceStep((high - low) / Math.max(1, targetTicks - 1), unit);
  const min = Math.floor(low / step + 1e-9) * step;
  const max = Math.ceil(high / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let i = 0; min + i * step <= max + step * 1e-9; i += 1) {
    ticks.push(Math.round((min + i * step) * 1e6) / 1e6);
  }
  return { min, max, ticks };
}

/**
 * How high an amount sits on the axis, from 0 (the bottom) to 1 (the top). Better is up
 * (docs/PRODUCT.md §2, Progress): where less is better (a race's time, by the shared comparison
 * direction) the axis is turned over, so the fastest time is at the top and a runner who improves
 * sees the line climb, like a lifter does.
 */
export function heightOf(amount: number, scale: Scale, direction: Direction): number {
  const share = (amount - scale.min) / (scale.max - scale.min || 1);
  return direction === 'lower' ? 1 - share : share;
}

function dayNumber(isoDate: string): number {
  return Date.parse(`${isoDate}T00:00:00Z`) / 86_400_000;
}

/**
 * Where each point sits across, from 0 (the first day) to 1 (the last), in proportion to time.
 * Records all on one day spread evenly instead of piling up.
 */
export function timePositions(points: readonly Pick<ProgressPoint, 'achievedOn'>[]): number[] {
  if (points.length === 0) return [];
  const days = points.map((point) => dayNumber(point.achievedOn));
  const first = days[0] ?? 0;
  const span = (days[days.length - 1] ?? first) - first;
  if (span <= 0) {
    return points.length === 1 ? [0.5] : points.map((_, i) => i / (points.length - 1));
  }
  return days.map((day) => (day - first) / span);
}
