import type { PersonalBest } from '@pbshare/shared';
import { describe, expect, it } from 'vitest';

import { historyRecord, pbWith } from '@/test/fixtures/personal-bests';
import { cardWithout, withoutRecords } from './without-records';

const kg = (id: string, amount: number, achievedOn: string) =>
  historyRecord({
    id,
    amount,
    unit: 'kg',
    value: `${amount} kg`,
    displayValue: `${amount} kg`,
    reps: null,
    achievedOn,
    date: achievedOn,
    createdAt: `${achievedOn}T10:00:00.000Z`,
  });

/** Squat: best 140 kg (March 10), a newer 130 kg attempt, older 135 kg and 100 kg. */
const squat: PersonalBest = pbWith({
  ...kg('best', 140, '2026-03-10'),
  exerciseId: 'squat',
  title: 'Squat',
  improvement: { previousBest: '135 kg', change: '+5 kg', beaten: true },
  newPbUntil: '2026-03-17T10:00:00.000Z',
  personalBestHistory: [
    kg('newer', 130, '2026-03-20'),
    kg('second', 135, '2026-03-03'),
    kg('first', 100, '2025-06-01'),
  ],
});

describe('cardWithout', () => {
  it('lets the best of the records left head the card, measured against those before it', () => {
    const card = cardWithout(squat, 'best');
    expect(card?.id).toBe('second');
    expect(card?.amount).toBe(135);
    expect(card?.exerciseId).toBe('squat');
    expect(card?.title).toBe('Squat');
    expect(card?.improvement).toEqual({ previousBest: '100 kg', change: '+35 kg', beaten: true });
    expect(card?.newPbUntil).not.toBeNull();
    expect(card?.personalBestHistory.map((record) => record.id)).toEqual(['newer', 'first']);
  });

  it('keeps the headline when a history record goes', () => {
    const card = cardWithout(squat, 'first');
    expect(card?.id).toBe('best');
    expect(card?.personalBestHistory.map((record) => record.id)).toEqual(['newer', 'second']);
  });

  it('leaves no card when the last record goes', () => {
    expect(cardWithout(pbWith({ id: 'only', personalBestHistory: [] }), 'only')).toBeUndefined();
  });

  it('gives back a card without the record unchanged', () => {
    expect(cardWithout(squat, 'elsewhere')).toBe(squat);
  });
});

describe('withoutRecords', () => {
  const bench = pbWith({ id: 'bench', exerciseId: 'b', title: 'Bench', personalBestHistory: [] });
  const row = pbWith({ id: 'row', exerciseId: 'r', title: 'Row', personalBestHistory: [] });

  it('keeps every other card in its place', () => {
    const list = [bench, squat, row];
    expect(withoutRecords(list, new Set(['bench'])).map((pb) => pb.title)).toEqual([
      'Squat',
      'Row',
    ]);
    const changed = withoutRecords(list, new Set(['best', 'newer']));
    expect(changed.map((pb) => pb.id)).toEqual(['bench', 'second', 'row']);
    expect(changed[1]?.personalBestHistory.map((record) => record.id)).toEqual(['first']);
  });

  it('is the list itself, copied, when nothing is hidden', () => {
    const list = [bench, row];
    expect(withoutRecords(list, new Set())).toEqual(list);
  });
});
