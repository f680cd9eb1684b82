import type { Category, PersonalBest, Unit } from '@pbshare/shared';
import { describe, expect, it } from 'vitest';

import { historyRecord, pbWith } from '@/test/fixtures/personal-bests';
import {
  chartSummary,
  excludedNote,
  heightOf,
  pointValue,
  progressSeries,
  shortDate,
  tickLabel,
  timePositions,
  valueScale,
} from './progress-series';

type Rec = [id: string, amount: number, unit: Unit, achievedOn: string, createdAt?: string];

/** An exercise whose current record is `current` and whose history is `older` (any order). */
function exercise(title: string, category: Category, current: Rec, older: Rec[]): PersonalBest {
  const record = ([id, amount, unit, achievedOn, createdAt]: Rec) => ({
    id,
    amount,
    unit,
    achievedOn,
    createdAt: createdAt ?? `${achievedOn}T10:00:00.000Z`,
  });
  return pbWith({
    title,
    category,
    ...record(current),
    personalBestHistory: older.map((rec) => historyRecord(record(rec))),
  });
}

function seriesOf(pb: PersonalBest) {
  const series = progressSeries(pb);
  if (!series) throw new Error('no series');
  return series;
}

describe('progressSeries', () => {
  it('puts the records oldest first, by day then by creation', () => {
    const pb = exercise(
      'Bench Press',
      'Weight Training',
      ['d', 145, 'kg', '2026-03-04'],
      [
        ['c', 130, 'kg', '2025-11-02', '2025-11-02T18:00:00.000Z'],
        ['a', 100, 'kg', '2025-01-10'],
        ['b', 120, 'kg', '2025-11-02', '2025-11-02T08:00:00.000Z'],
      ],
    );
    const series = progressSeries(pb);
    expect(series?.points.map((point) => point.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(series?.points.map((point) => point.amount)).toEqual([100, 120, 130, 145]);
  });

  it('marks the heaviest weight as the best, even when the newest record is lower', () => {
    const pb = exercise(
      'Bench Press',
      'Weight Training',
      ['now', 135, 'kg', '2026-03-04'],
      [
        ['peak', 145, 'kg', '2026-01-20'],
        ['first', 100, 'kg', '2025-06-01'],
      ],
    );
    const series = progressSeries(pb);
    expect(series?.best.id).toBe('peak');
    expect(series?.direction).toBe('higher');
    expect(series?.points.filter((point) => point.isBest).map((point) => point.id)).toEqual([
      'peak',
    ]);
  });

  it('credits the first record to reach a tied best', () => {
    const pb = exercise(
      'Squat',
      'Weight Training',
      ['later', 140, 'kg', '2026-03-04'],
      [['earlier', 140, 'kg', '2026-01-04']],
    );
    expect(progressSeries(pb)?.best.id).toBe('earlier');
  });

  it('marks the fastest time as the best for a run, lower being better', () => {
    const pb = exercise(
      '5K',
      'Running',
      ['now', 1400, 'duration', '2026-03-04'],
      [
        ['fast', 1368, 'duration', '2026-02-01'],
        ['slow', 1500, 'duration', '2025-09-01'],
      ],
    );
    const series = progressSeries(pb);
    expect(series?.direction).toBe('lower');
    expect(series?.best.id).toBe('fast');
    expect(pointValue(seriesOf(pb).best)).toBe('22:48');
  });

  it('marks the longest hold as the best for a plank', () => {
    const pb = exercise(
      'Plank',
      'Bodyweight Training',
      ['now', 90, 'duration', '2026-03-04'],
      [['long', 120, 'duration', '2026-02-01']],
    );
    const series = progressSeries(pb);
    expect(series?.direction).toBe('higher');
    expect(series?.best.id).toBe('long');
  });

  it('plots lbs records of a kg exercise in kg, keeping what was entered', () => {
    const pb = exercise(
      'Deadlift',
      'Weight Training',
      ['kg', 150, 'kg', '2026-03-04'],
      [['lbs', 225, 'lbs', '2025-06-01']],
    );
    const series = seriesOf(pb);
    const [old, current] = series.points;
    expect(series.unit).toBe('kg');
    expect(old?.amount).toBeCloseTo(102.058, 3);
    expect(old?.recorded).toBe('225 lbs');
    expect(old?.converted).toBe('102.06 kg');
    expect(current?.converted).toBeUndefined();
    expect(series.points.map(pointValue)).toEqual(['102.06 kg', '150 kg']);
  });

  it('finds a best entered in the other weight unit', () => {
    // 330 lbs is 149.69 kg: more than 145 kg.
    const pb = exercise(
      'Deadlift',
      'Weight Training',
      ['kg', 145, 'kg', '2026-03-04'],
      [['lbs', 330, 'lbs', '2025-06-01']],
    );
    expect(progressSeries(pb)?.best.id).toBe('lbs');
  });

  it('leaves out records in a unit that does not compare, and says so', () => {
    const pb = exercise(
      'Pull-ups',
      'Bodyweight Training',
      ['r3', 15, 'reps', '2026-03-04'],
      [
        ['t1', 60, 'duration', '2026-02-01'],
        ['r2', 12, 'reps', '2025-12-01'],
        ['t2', 45, 'duration', '2025-11-01'],
        ['r1', 10, 'reps', '2025-10-01'],
      ],
    );
    const series = seriesOf(pb);
    expect(series.points.map((point) => point.id)).toEqual(['r1', 'r2', 'r3']);
    expect(series.excluded).toEqual({ count: 2, units: ['duration'] });
    expect(excludedNote(series)).toBe('2 records measured in time are not in the chart.');
  });

  it('draws only the rep count of the current record, and says how many are left out', () => {
    const pb = pbWith({
      title: 'Bench',
      amount: 140,
      unit: 'kg',
      reps: 3,
      achievedOn: '2026-03-01',
      personalBestHistory: [
        historyRecord({ id: 'five', amount: 150, unit: 'kg', reps: 5, achievedOn: '2026-02-01' }),
        historyRecord({ id: 'triple', amount: 130, unit: 'kg', reps: 3, achievedOn: '2026-01-01' }),
      ],
    });
    const series = seriesOf(pb);
    expect(series.points.map((point) => point.id)).toEqual(['triple', pb.id]);
    expect(series.best.id).toBe(pb.id);
    expect(excludedNote(series)).toBe('1 record at another rep count is not in the chart.');
  });

  it('has no note when every record compares', () => {
    const pb = exercise(
      'Pull-ups',
      'Bodyweight Training',
      ['r2', 15, 'reps', '2026-03-04'],
      [['r1', 10, 'reps', '2025-10-01']],
    );
    expect(excludedNote(seriesOf(pb))).toBeUndefined();
  });
});

describe('chartSummary', () => {
  it('names the exercise, the count, the first and last values and the best', () => {
    const pb = exercise(
      'Bench Press',
      'Weight Training',
      ['e', 145, 'kg', '2026-03-04'],
      [
        ['d', 140, 'kg', '2026-01-04'],
        ['c', 130, 'kg', '2025-11-04'],
        ['b', 115, 'kg', '2025-08-04'],
        ['a', 100, 'kg', '2025-05-04'],
      ],
    );
    expect(chartSummary(seriesOf(pb))).toBe(
      'Progress of Bench Press: 5 records from 100 kg to 145 kg, best 145 kg on March 4, 2026',
    );
  });

  it('says lower is better for times', () => {
    const pb = exercise(
      '5K',
      'Running',
      ['b', 1368, 'duration', '2026-03-04'],
      [['a', 1500, 'duration', '2025-09-01']],
    );
    expect(chartSummary(seriesOf(pb))).toBe(
      'Progress of 5K: 2 records from 25:00 to 22:48, best 22:48 on March 4, 2026 (lower is better)',
    );
  });
});

describe('valueScale', () => {
  it('rounds the bounds out to whole steps around the amounts', () => {
    expect(valueScale([100, 145], 'kg')).toEqual({
      min: 100,
      max: 160,
      ticks: [100, 120, 140, 160],
    });
    expect(valueScale([102.06, 107.5], 'kg')).toEqual({
      min: 102,
      max: 108,
      ticks: [102, 104, 106, 108],
    });
  });

  it('steps times by round minutes and labels them as times', () => {
    const scale = valueScale([1368, 1500], 'duration');
    expect(scale).toEqual({ min: 1320, max: 1500, ticks: [1320, 1380, 1440, 1500] });
    expect(scale.ticks.map((tick) => tickLabel(tick, 'duration'))).toEqual([
      '22:00',
      '23:00',
      '24:00',
      '25:00',
    ]);
    expect(tickLabel(3900, 'duration')).toBe('1:05:00');
  });

  it('never steps reps by less than one', () => {
    const scale = valueScale([10, 11], 'reps');
    expect(scale.ticks).toEqual([10, 11]);
    expect(scale.ticks.every(Number.isInteger)).toBe(true);
  });

  it('opens a flat series around its one level, not below zero', () => {
    const flat = valueScale([100, 100], 'kg');
    expect(flat.min).toBeLessThan(100);
    expect(flat.max).toBeGreaterThan(100);
    expect(valueScale([1, 1], 'reps').min).toBe(0);
  });

  it('labels weights without float crumbs', () => {
    expect(valueScale([0.1, 0.7], 'kg').ticks.map((tick) => tickLabel(tick, 'kg'))).toEqual([
      '0',
      '0.2',
      '0.4',
      '0.6',
      '0.8',
    ]);
  });
});

describe('heightOf', () => {
  const scale = { min: 1200, max: 1500, ticks: [1200, 1500] };

  it('puts larger amounts higher where more is better', () => {
    expect(heightOf(1200, scale, 'higher')).toBe(0);
    expect(heightOf(1500, scale, 'higher')).toBe(1);
  });

  it('turns the axis over where less is better, so the fastest time is at the top', () => {
    expect(heightOf(1200, scale, 'lower')).toBe(1);
    expect(heightOf(1500, scale, 'lower')).toBe(0);
    expect(heightOf(1275, scale, 'lower')).toBeCloseTo(0.75);
  });

  it('makes an improving runner climb: each faster time is higher', () => {
    const pb = exercise(
      '5K',
      'Running',
      ['now', 1368, 'duration', '2026-03-04'],
      [
        ['mid', 1440, 'duration', '2026-01-01'],
        ['first', 1500, 'duration', '2025-09-01'],
      ],
    );
    const series = seriesOf(pb);
    const runScale = valueScale(
      series.points.map((point) => point.amount),
      series.unit,
    );
    const heights = series.points.map((point) =>
      heightOf(point.amount, runScale, series.direction),
    );
    expect(heights).toEqual([...heights].sort((a, b) => a - b));
    expect(heights[0]).toBeLessThan(heights[2] ?? 0);
  });
});

describe('timePositions', () => {
  it('spaces the points in proportion to the days between them', () => {
    expect(
      timePositions([
        { achievedOn: '2026-01-01' },
        { achievedOn: '2026-01-11' },
        { achievedOn: '2026-01-31' },
      ]),
    ).toEqual([0, 1 / 3, 1]);
  });

  it('spreads records of one day evenly', () => {
    expect(timePositions([{ achievedOn: '2026-01-01' }, { achievedOn: '2026-01-01' }])).toEqual([
      0, 1,
    ]);
  });
});

describe('shortDate', () => {
  it('writes a day as a short date', () => {
    expect(shortDate('2026-03-04')).toBe('Mar 4, 2026');
    expect(shortDate('2025-12-31')).toBe('Dec 31, 2025');
  });
});
