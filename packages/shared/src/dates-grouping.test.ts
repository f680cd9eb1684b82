import { describe, expect, it } from 'vitest';
import { formatLongDate, parseAchievedDate, todayIso } from './dates.js';
import { newestFirst, oldestFirst, titleKey } from './pb-grouping.js';

describe('achieved dates', () => {
  it('read ISO dates and the long form, refusing impossible days', () => {
    expect(parseAchievedDate('2026-03-14')).toBe('2026-03-14');
    expect(parseAchievedDate('March 14, 2026')).toBe('2026-03-14');
    expect(parseAchievedDate(' march 4,2026 ')).toBe('2026-03-04');
    expect(parseAchievedDate('2026-02-30')).toBeUndefined();
    expect(parseAchievedDate('Smarch 1, 2026')).toBeUndefined();
    expect(parseAchievedDate('14/03/2026')).toBeUndefined();
  });

  it('format as Month D, YYYY', () => {
    expect(formatLongDate('2026-03-04')).toBe('March 4, 2026');
    expect(formatLongDate('2025-12-31')).toBe('December 31, 2025');
    expect(formatLongDate('2026-03-04', { padDay: true })).toBe('March 04, 2026');
    expect(formatLongDate('not a day')).toBe('not a day');
  });

  it('know today in a given offset', () => {
    const now = new Date('2026-11-21T23:30:00Z');
    expect(todayIso(now)).toBe('2026-11-21');
    expect(todayIso(now, 60)).toBe('2026-11-22');
  });
});

describe('grouping', () => {
  const r = (id: string, achievedOn: string, createdAt: string) => ({ id, achievedOn, createdAt });

  it('orders records by achieved date, then creation', () => {
    const records = [
      r('old', '2025-01-01', '2025-01-01T10:00:00Z'),
      r('newest', '2026-03-01', '2026-03-01T08:00:00Z'),
      r('same-day-later', '2026-03-01', '2026-03-01T09:00:00Z'),
      r('logged-late', '2025-06-01', '2026-04-01T00:00:00Z'),
    ];
    expect(newestFirst(records).map((x) => x.id)).toEqual([
      'same-day-later',
      'newest',
      'logged-late',
      'old',
    ]);
    expect(oldestFirst(records).map((x) => x.id)).toEqual([
      'old',
      'logged-late',
      'newest',
      'same-day-later',
    ]);
  });

  it('groups titles by trimmed, case-insensitive, single-spaced text', () => {
    expect(titleKey('  Back  Squat ')).toBe(titleKey('back squat'));
    expect(titleKey('Deadlift')).not.toBe(titleKey('Deadlifts'));
  });
});
