import { describe, expect, it } from 'vitest';
import type { Category } from './categories.js';
import {
  amountIn,
  bestRecord,
  betterDirection,
  changeText,
  comparableRecords,
  compareValues,
  improvementOver,
  newPbBadgeUntil,
  notBestQuestion,
  recordText,
} from './pb-comparison.js';
import type { PbValue } from './pb-values.js';

const kg = (amount: number): PbValue => ({ amount, unit: 'kg' });
const lbs = (amount: number): PbValue => ({ amount, unit: 'lbs' });
const reps = (amount: number): PbValue => ({ amount, unit: 'reps' });
const time = (amount: number): PbValue => ({ amount, unit: 'duration' });

describe('which way is better', () => {
  it.each<[Category, PbValue['unit'], 'higher' | 'lower']>([
    ['Weight Training', 'kg', 'higher'],
    ['Weight Training', 'lbs', 'higher'],
    ['Bodyweight Training', 'reps', 'higher'],
    ['Bodyweight Training', 'duration', 'higher'],
    ['Running', 'duration', 'lower'],
    ['Cycling', 'duration', 'lower'],
    ['Swimming', 'duration', 'lower'],
  ])('%s in %s: %s is better', (category, unit, direction) => {
    expect(betterDirection(category, unit)).toBe(direction);
  });
});

describe('compareValues', () => {
  it('prefers more weight and more reps', () => {
    expect(compareValues('Weight Training', kg(145), kg(140))).toBeGreaterThan(0);
    expect(compareValues('Weight Training', kg(100), kg(140))).toBeLessThan(0);
    expect(compareValues('Bodyweight Training', reps(21), reps(20))).toBeGreaterThan(0);
  });

  it('prefers a shorter time when racing and a longer one when holding', () => {
    expect(compareValues('Running', time(1326), time(1368))).toBeGreaterThan(0);
    expect(compareValues('Swimming', time(1400), time(1368))).toBeLessThan(0);
    expect(compareValues('Cycling', time(3600), time(3601))).toBeGreaterThan(0);
    expect(compareValues('Bodyweight Training', time(120), time(90))).toBeGreaterThan(0);
  });

  it('converts between kg and lbs, tying at the stored precision', () => {
    expect(compareValues('Weight Training', lbs(225), kg(100))).toBeGreaterThan(0);
    expect(compareValues('Weight Training', kg(100), lbs(225))).toBeLessThan(0);
    expect(compareValues('Weight Training', kg(100), lbs(220.46))).toBe(0);
    expect(amountIn(lbs(100), 'kg')).toBeCloseTo(45.359237);
    expect(amountIn(kg(45.359237), 'lbs')).toBeCloseTo(100);
  });

  it('calls equal values a tie and unlike units incomparable', () => {
    expect(compareValues('Weight Training', kg(140), kg(140))).toBe(0);
    expect(compareValues('Running', time(1368), time(1368))).toBe(0);
    expect(compareValues('Bodyweight Training', reps(20), time(60))).toBeUndefined();
    expect(compareValues('Weight Training', kg(20), reps(20))).toBeUndefined();
    expect(() => amountIn(reps(3), 'kg')).toThrow(RangeError);
  });
});

describe('rep maxes', () => {
  const lift = (amount: number, reps: number | null, unit: 'kg' | 'lbs' = 'kg') => ({
    amount,
    unit,
    reps,
  });

  it('compares weights only at the same rep count', () => {
    expect(compareValues('Weight Training', lift(145, 3), lift(140, 3))).toBeGreaterThan(0);
    expect(compareValues('Weight Training', lift(120, 5), lift(140, 3))).toBeUndefined();
    expect(compareValues('Weight Training', lift(160, 1), lift(140, 3))).toBeUndefined();
    expect(comparableRecords(lift(140, 3), lift(300, 3, 'lbs'))).toBe(true);
    expect(compareValues('Weight Training', lift(300, 3, 'lbs'), lift(140, 3))).toBeLessThan(0);
  });

  it('takes a weight without reps as a single', () => {
    expect(comparableRecords(lift(140, null), lift(145, 1))).toBe(true);
    expect(comparableRecords(lift(140, null), lift(120, 5))).toBe(false);
  });

  it('ignores reps beside units other than weight', () => {
    expect(comparableRecords({ ...reps(20), reps: 3 }, reps(25))).toBe(true);
    expect(comparableRecords({ ...time(60), reps: 5 }, time(90))).toBe(true);
  });

  it('finds the best of one rep count only', () => {
    const triples = [lift(140, 3), lift(150, 5), lift(130, 3)];
    expect(bestRecord('Weight Training', triples, lift(1, 3))).toBe(triples[0]);
    expect(bestRecord('Weight Training', triples, lift(1, 5))).toBe(triples[1]);
    expect(bestRecord('Weight Training', triples, lift(1, 1))).toBeUndefined();
  });

  it('names a rep max by its weight and reps', () => {
    expect(recordText(lift(140, 3))).toBe('140 kg × 3');
    expect(recordText(lift(140, null))).toBe('140 kg');
    expect(recordText(lift(140, 1))).toBe('140 kg');
    expect(recordText({ ...reps(20), reps: null })).toBe('20 reps');
    expect(recordText(time(1368))).toBe('22:48');
  });

  it('says what happens in rep-max words', () => {
    expect(
      notBestQuestion('Weight Training', lift(130, 3), {
        ...lift(140, 3),
        achievedOn: '2026-03-04',
      }),
    ).toBe(
      '130 kg × 3 is below your best, 140 kg × 3 on March 4, 2026. Your best stays 140 kg × 3; 130 kg × 3 goes to your history.',
    );
  });

  it('measures a rep max against the older bests of its own rep count', () => {
    expect(
      improvementOver('Weight Training', lift(145, 3), [lift(140, 3), lift(160, 1), lift(150, 5)]),
    ).toEqual({ previousBest: kg(140), change: '+5 kg', beaten: true });
    expect(improvementOver('Weight Training', lift(120, 5), [lift(140, 3)])).toBeUndefined();
  });
});

describe('bestRecord', () => {
  it('finds the best of comparable records, the first on a tie', () => {
    const a = { ...kg(140), id: 'a' };
    const b = { ...lbs(320), id: 'b' };
    const c = { ...kg(140), id: 'c' };
    expect(bestRecord('Weight Training', [a, b, c], kg(1))?.id).toBe('b');
    expect(bestRecord('Weight Training', [a, c], kg(1))?.id).toBe('a');
    const runs = [time(1400), time(1300), time(1350)].map((v, i) => ({ ...v, id: String(i) }));
    expect(bestRecord('Running', runs, time(1))?.id).toBe('1');
  });

  it('skips records in another measure and finds nothing among none', () => {
    const mixed = [
      { ...reps(50), id: 'r' },
      { ...time(30), id: 't' },
    ];
    expect(bestRecord('Bodyweight Training', mixed, time(1))?.id).toBe('t');
    expect(bestRecord('Weight Training', [] as PbValue[], kg(1))).toBeUndefined();
  });
});

describe('changeText', () => {
  it('signs the change in the current unit', () => {
    expect(changeText(kg(145), kg(140))).toBe('+5 kg');
    expect(changeText(kg(100), kg(140))).toBe('-40 kg');
    expect(changeText(lbs(102.5), lbs(100))).toBe('+2.5 lbs');
    expect(changeText(reps(23), reps(20))).toBe('+3 reps');
    expect(changeText(kg(140), kg(140))).toBe('±0 kg');
  });

  it('converts the previous value into the current unit, rounded to a tenth', () => {
    expect(changeText(kg(110), lbs(220))).toBe('+10.2 kg');
    // 100 kg is 220.462 lbs: the conversion's digits are not shown as if they were measured.
    expect(changeText(lbs(224.1), kg(100))).toBe('+3.6 lbs');
    expect(changeText(kg(100), lbs(225))).toBe('-2.1 kg');
    expect(changeText(kg(100), lbs(220.46))).toBe('±0 kg');
  });

  it('keeps the stored two decimals within one unit', () => {
    expect(changeText(kg(100.25), kg(100))).toBe('+0.25 kg');
  });

  it('writes durations short, hours only when there are some', () => {
    expect(changeText(time(1326), time(1368))).toBe('-0:42');
    expect(changeText(time(1500), time(1368))).toBe('+2:12');
    expect(changeText(time(7300), time(3600))).toBe('+1:01:40');
    expect(changeText(time(1200), time(600))).toBe('+10:00');
  });

  it('gives nothing for unlike measures', () => {
    expect(changeText(reps(20), time(60))).toBeUndefined();
  });
});

describe('improvementOver', () => {
  it('measures the current record against the best older one', () => {
    expect(improvementOver('Weight Training', kg(145), [kg(120), kg(140), kg(130)])).toEqual({
      previousBest: kg(140),
      change: '+5 kg',
      beaten: true,
    });
    expect(improvementOver('Weight Training', kg(100), [kg(140)])).toEqual({
      previousBest: kg(140),
      change: '-40 kg',
      beaten: false,
    });
    expect(improvementOver('Running', time(1326), [time(1368), time(1400)])).toMatchObject({
      change: '-0:42',
      beaten: true,
    });
  });

  it('does not count a tie as beaten', () => {
    expect(improvementOver('Weight Training', kg(140), [kg(140)])?.beaten).toBe(false);
  });

  it('has nothing for a first record or one with no comparable past', () => {
    expect(improvementOver('Weight Training', kg(100), [])).toBeUndefined();
    expect(improvementOver('Bodyweight Training', reps(20), [time(60)])).toBeUndefined();
  });
});

describe('notBestQuestion', () => {
  it("asks in the issue's words for a lower weight", () => {
    expect(
      notBestQuestion('Weight Training', kg(100), { ...kg(140), achievedOn: '2026-03-04' }),
    ).toBe(
      '100 kg is below your best, 140 kg on March 4, 2026. Your best stays 140 kg; 100 kg goes to your history.',
    );
  });

  it('says slower for a race and equals for a tie', () => {
    expect(
      notBestQuestion('Running', time(1400), { ...time(1368), achievedOn: '2026-05-01' }),
    ).toBe(
      '23:20 is slower than your best, 22:48 on May 1, 2026. Your best stays 22:48; 23:20 goes to your history.',
    );
    expect(
      notBestQuestion('Bodyweight Training', reps(20), { ...reps(20), achievedOn: '2026-05-01' }),
    ).toBe(
      '20 reps equals your best, 20 reps on May 1, 2026. Your best stays 20 reps; 20 reps goes to your history.',
    );
  });
});

describe('newPbBadgeUntil', () => {
  it('is seven days after a record saved the day it was achieved', () => {
    expect(
      newPbBadgeUntil({ achievedOn: '2026-11-20', createdAt: '2026-11-20T10:00:00.000Z' }),
    ).toBe('2026-11-27T10:00:00.000Z');
  });

  it('counts a back-dated record from its achieved day, not from its saving', () => {
    // Achieved March 1, saved March 20: the badge ended March 9, before it was ever saved.
    const backDated = newPbBadgeUntil({
      achievedOn: '2026-03-01',
      createdAt: '2026-03-20T10:00:00.000Z',
    });
    expect(backDated).toBe('2026-03-09T00:00:00.000Z');
    expect(Date.parse(backDated)).toBeLessThan(Date.parse('2026-03-20T10:00:00.000Z'));
    // Achieved three days before its saving: New for the four days left of its week.
    expect(
      newPbBadgeUntil({ achievedOn: '2026-03-17', createdAt: '2026-03-20T10:00:00.000Z' }),
    ).toBe('2026-03-25T00:00:00.000Z');
  });
});
