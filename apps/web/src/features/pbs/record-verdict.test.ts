import { describe, expect, it } from 'vitest';

import { verdictOnNewRecord } from './record-verdict';
import { historyRecord, pbWith } from '@/test/fixtures/personal-bests';

const squat = pbWith({
  title: 'Back  Squat',
  amount: 120,
  unit: 'kg',
  achievedOn: '2026-05-01',
  personalBestHistory: [
    historyRecord({ amount: 140, unit: 'kg', achievedOn: '2026-03-04' }),
    historyRecord({ amount: 140, unit: 'kg', achievedOn: '2025-01-02' }),
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
      question: '100 kg is below your best, 140 kg on January 2, 2025. Save it anyway?',
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
