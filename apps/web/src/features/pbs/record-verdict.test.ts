import { describe, expect, it } from 'vitest';

import { verdictOnNewRecord } from './record-verdict';
import { historyRecord, pbWith } from '@/test/fixtures/personal-bests';

// Lifts without a rep count (singles). The card is the headline, the best: the earliest 140 kg.
const squat = pbWith({
  title: 'Back  Squat',
  amount: 140,
  unit: 'kg',
  achievedOn: '2025-01-02',
  createdAt: '2025-01-02T10:00:00.000Z',
  reps: null,
  personalBestHistory: [
    historyRecord({ amount: 120, unit: 'kg', achievedOn: '2026-05-01', reps: null }),
    historyRecord({ amount: 140, unit: 'kg', achievedOn: '2026-03-04', reps: null }),
  ],
});

const kg = (amount: number) => ({ amount, unit: 'kg' as const });

describe('verdictOnNewRecord', () => {
  it('finds the exercise by its title key', () => {
    expect(
      verdictOnNewRecord([squat], {
        title: ' back squat ',
        category: 'Weight Training',
        value: kg(100),
      }),
    ).toEqual({
      kind: 'notBest',
      // The first to reach 140 kg is the best on a tie.
      question:
        '100 kg is below your best, 140 kg on January 2, 2025. Your best stays 140 kg; 100 kg goes to your history.',
    });
  });

  it('asks on a tie and celebrates only a record that beats the best', () => {
    const input = { title: 'Back Squat', category: 'Weight Training' as const };
    expect(verdictOnNewRecord([squat], { ...input, value: kg(140) })).toMatchObject({
      kind: 'notBest',
      question: expect.stringContaining('equals your best') as unknown,
    });
    expect(verdictOnNewRecord([squat], { ...input, value: kg(142.5) })).toEqual({
      kind: 'beats',
      change: '+2.5 kg',
    });
  });

  it('judges a weight with reps against the best of its rep count only', () => {
    const bench = pbWith({
      title: 'Bench',
      amount: 140,
      unit: 'kg',
      reps: 3,
      achievedOn: '2026-03-01',
      personalBestHistory: [
        historyRecord({ amount: 150, unit: 'kg', reps: 1, achievedOn: '2026-02-01' }),
      ],
    });
    const input = { title: 'Bench', category: 'Weight Training' as const, value: kg(130) };
    expect(verdictOnNewRecord([bench], { ...input, reps: 3 })).toEqual({
      kind: 'notBest',
      question:
        '130 kg × 3 is below your best, 140 kg × 3 on March 1, 2026. Your best stays 140 kg × 3; 130 kg × 3 goes to your history.',
    });
    // No 5-rep record yet: nothing to beat, nothing to ask.
    expect(verdictOnNewRecord([bench], { ...input, reps: 5 })).toEqual({ kind: 'first' });
    // No reps is a single: 145 kg is below the 150 kg single.
    expect(verdictOnNewRecord([bench], { ...input, value: kg(145) })).toMatchObject({
      kind: 'notBest',
    });
  });

  it('has nothing to say about a new exercise or another unit family', () => {
    expect(
      verdictOnNewRecord([squat], { title: 'Bench', category: 'Weight Training', value: kg(1) }),
    ).toEqual({ kind: 'first' });
    const plank = pbWith({
      title: 'Plank',
      category: 'Bodyweight Training',
      amount: 20,
      unit: 'reps',
    });
    expect(
      verdictOnNewRecord([plank], {
        title: 'Plank',
        category: 'Bodyweight Training',
        value: { amount: 60, unit: 'duration' },
      }),
    ).toEqual({ kind: 'first' });
  });

  it('judges times by the category: faster races, longer holds', () => {
    const run = pbWith({ title: '5K', category: 'Running', amount: 1368, unit: 'duration' });
    const duration = (amount: number) => ({ amount, unit: 'duration' as const });
    expect(
      verdictOnNewRecord([run], { title: '5K', category: 'Running', value: duration(1300) }),
    ).toEqual({ kind: 'beats', change: '-1:08' });
    const hold = pbWith({
      title: 'Plank',
      category: 'Bodyweight Training',
      amount: 60,
      unit: 'duration',
    });
    expect(
      verdictOnNewRecord([hold], {
        title: 'Plank',
        category: 'Bodyweight Training',
        value: duration(50),
      }),
    ).toMatchObject({
      kind: 'notBest',
      question: expect.stringContaining('0:50 is below') as unknown,
    });
  });
});
