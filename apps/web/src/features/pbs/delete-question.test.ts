import { describe, expect, it } from 'vitest';

import { historyRecord, pbWith } from '@/test/fixtures/personal-bests';
import { deleteQuestion } from './delete-question';

const kg = (id: string, amount: number, achievedOn: string, date: string, reps: number | null) =>
  historyRecord({
    id,
    amount,
    unit: 'kg',
    value: `${amount} kg`,
    displayValue: `${amount} kg`,
    reps,
    sets: null,
    achievedOn,
    date,
    createdAt: `${achievedOn}T10:00:00.000Z`,
  });

const best = kg('best', 140, '2026-03-10', 'March 10, 2026', null);
const second = kg('second', 135, '2026-03-03', 'March 3, 2026', null);
const newer = kg('newer', 130, '2026-03-20', 'March 20, 2026', null);
const squat = pbWith({ ...best, title: 'Squat', personalBestHistory: [newer, second] });

describe('deleteQuestion', () => {
  it('names the best of the records left when the headline goes', () => {
    expect(deleteQuestion(squat, best)).toEqual({
      title: 'Delete 140 kg?',
      description: 'Your best becomes 135 kg (March 3, 2026).',
    });
  });

  it('says the exercise goes with its only record', () => {
    expect(
      deleteQuestion(pbWith({ ...best, title: 'Squat', personalBestHistory: [] }), best),
    ).toEqual({
      title: 'Delete Squat?',
      description: 'It has no other records, so the exercise goes too.',
    });
  });

  it('says the best stays when a history record goes', () => {
    expect(deleteQuestion(squat, second)).toEqual({
      title: 'Delete 135 kg from March 3, 2026?',
      description: 'It leaves your Squat history; your best stays 140 kg.',
    });
  });

  it('names the new headline when the newest record goes and the one before measures another rep count', () => {
    // The newest (a triple) decides what is measured; without it a set of five leads.
    const triple = kg('triple', 120, '2026-01-01', 'January 1, 2026', 3);
    const five = kg('five', 100, '2026-02-01', 'February 1, 2026', 5);
    const lastTriple = kg('last', 110, '2026-03-01', 'March 1, 2026', 3);
    const lift = pbWith({ ...triple, title: 'Bench', personalBestHistory: [lastTriple, five] });
    expect(deleteQuestion(lift, lastTriple)).toEqual({
      title: 'Delete 110 kg × 3 from March 1, 2026?',
      description: 'Your best becomes 100 kg × 5 (February 1, 2026).',
    });
  });
});
