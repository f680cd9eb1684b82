import { describe, expect, it } from 'vitest';
import type { Category, Unit } from './categories.js';
import { headlineRecord, recordStanding, splitHeadline } from './pb-headline.js';

// The headline is the best record, not the newest (docs/PRODUCT.md §3, Current PB).

interface Rec {
  id: string;
  amount: number;
  unit: Unit;
  reps?: number | null;
  achievedOn: string;
  createdAt: string;
}

let saved = 0;
/** A record achieved on `achievedOn`, saved after every record made before it. */
function rec(id: string, amount: number, unit: Unit, achievedOn: string, reps?: number): Rec {
  saved += 1;
  const createdAt = new Date(Date.UTC(2026, 5, 1, 0, 0, saved)).toISOString();
  return { id, amount, unit, reps: reps ?? null, achievedOn, createdAt };
}

const headline = (category: Category, records: Rec[]) => headlineRecord(category, records)?.id;

describe('headlineRecord', () => {
  it('is the heaviest weight, not the newest', () => {
    const records = [rec('60', 60, 'lbs', '2026-03-01'), rec('50', 50, 'lbs', '2026-03-10')];
    expect(headline('Weight Training', records)).toBe('60');
    const split = splitHeadline('Weight Training', records);
    expect(split?.current.id).toBe('60');
    expect(split?.history.map((r) => r.id)).toEqual(['50']);
  });

  it('is the most reps, and the longest hold, in Bodyweight Training', () => {
    const pullUps = [
      rec('20', 20, 'reps', '2026-03-01'),
      rec('15', 15, 'reps', '2026-03-10'),
      rec('18', 18, 'reps', '2026-03-05'),
    ];
    expect(headline('Bodyweight Training', pullUps)).toBe('20');
    const planks = [
      rec('2:00', 120, 'duration', '2026-03-01'),
      rec('1:30', 90, 'duration', '2026-03-09'),
    ];
    expect(headline('Bodyweight Training', planks)).toBe('2:00');
  });

  it.each<Category>(['Running', 'Cycling', 'Swimming'])('is the fastest time in %s', (category) => {
    const times = [
      rec('slow', 1400, 'duration', '2026-03-01'),
      rec('fast', 1300, 'duration', '2026-03-05'),
      rec('newest', 1350, 'duration', '2026-03-10'),
    ];
    expect(headline(category, times)).toBe('fast');
  });

  it('compares kg with lbs', () => {
    const records = [rec('kg', 100, 'kg', '2026-03-01'), rec('lbs', 215, 'lbs', '2026-03-10')];
    expect(headline('Weight Training', records)).toBe('kg');
    const heavier = [rec('kg', 100, 'kg', '2026-03-01'), rec('lbs', 225, 'lbs', '2026-03-10')];
    expect(headline('Weight Training', heavier)).toBe('lbs');
  });

  it('keeps the earlier record on a tie, across units too: it set the mark first', () => {
    const tie = [rec('first', 140, 'kg', '2026-03-01'), rec('again', 140, 'kg', '2026-03-10')];
    expect(headline('Weight Training', tie)).toBe('first');
    const converted = [rec('kg', 100, 'kg', '2026-03-01'), rec('lbs', 220.46, 'lbs', '2026-03-10')];
    expect(headline('Weight Training', converted)).toBe('kg');
    // The same day: the one saved first.
    const sameDay = [
      rec('saved-first', 20, 'reps', '2026-03-01'),
      rec('saved-later', 20, 'reps', '2026-03-01'),
    ];
    expect(headline('Bodyweight Training', sameDay)).toBe('saved-first');
  });

  it('orders by the achieved day, so a back-dated record is older however late it was saved', () => {
    // The 150 kg was entered last but achieved first; the newer 160 kg is the best either way,
    // and a back-dated weaker one stays in history.
    const records = [
      rec('160', 160, 'kg', '2026-03-10'),
      rec('150-back-dated', 150, 'kg', '2026-02-01'),
      rec('170-back-dated', 170, 'kg', '2026-01-15'),
    ];
    expect(headline('Weight Training', records)).toBe('170-back-dated');
    const split = splitHeadline('Weight Training', records);
    expect(split?.history.map((r) => r.id)).toEqual(['160', '150-back-dated']);
  });

  it('lets the newer lead when records do not compare: reps after a time', () => {
    const records = [
      rec('hold', 60, 'duration', '2026-03-01'),
      rec('reps', 12, 'reps', '2026-03-10'),
    ];
    expect(headline('Bodyweight Training', records)).toBe('reps');
  });

  it('treats rep maxes apart: the newest decides the rep count, its best leads', () => {
    const triple = rec('140x3', 140, 'kg', '2026-03-01', 3);
    const five = rec('120x5', 120, 'kg', '2026-03-05', 5);
    // A 5-rep set after a triple does not compare with it: the newer leads.
    expect(headline('Weight Training', [triple, five])).toBe('120x5');
    // A weaker triple after both: the best triple leads, the rest is history.
    const weakerTriple = rec('130x3', 130, 'kg', '2026-03-10', 3);
    expect(headline('Weight Training', [triple, five, weakerTriple])).toBe('140x3');
    expect(
      splitHeadline('Weight Training', [triple, five, weakerTriple])?.history.map((r) => r.id),
    ).toEqual(['130x3', '120x5']);
  });

  it('has nothing for no records', () => {
    expect(headlineRecord('Running', [] as Rec[])).toBeUndefined();
    expect(splitHeadline('Running', [] as Rec[])).toBeUndefined();
  });
});

describe('recordStanding', () => {
  it('measures a record against the best of its kind set before it, with its New PB window', () => {
    const old = rec('140', 140, 'kg', '2026-03-01');
    const better = rec('145', 145, 'kg', '2026-03-10');
    const later = rec('130', 130, 'kg', '2026-03-20');
    const records = [later, old, better];
    expect(recordStanding('Weight Training', better, records)).toEqual({
      improvement: { previousBest: '140 kg', change: '+5 kg', beaten: true },
      newPbUntil: expect.stringMatching(/^2026-03-1[78]T/) as unknown,
    });
    expect(recordStanding('Weight Training', later, records)).toEqual({
      improvement: { previousBest: '145 kg', change: '-15 kg', beaten: false },
      newPbUntil: null,
    });
    expect(recordStanding('Weight Training', old, records)).toEqual({
      improvement: null,
      newPbUntil: null,
    });
  });
});
