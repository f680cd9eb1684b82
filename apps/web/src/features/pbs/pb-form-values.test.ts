import { describe, expect, it } from 'vitest';

import {
  addRecordState,
  countFieldsFor,
  emptyPbFormValues,
  pbFormSchema,
  pbToFormValues,
  readAddPbState,
  type PbFormValues,
} from './pb-form-values';
import { pbWith, samplePb } from '@/test/fixtures/personal-bests';

const valid: PbFormValues = { ...emptyPbFormValues(), title: 'Deadlift', amount: '405' };
const blank = { amount: '', hours: '', minutes: '', seconds: '' };

/** The valid form with other value inputs, in a category that measures in their unit. */
function withValue(inputs: Partial<PbFormValues>): PbFormValues {
  const bodyweight = inputs.unit === 'reps' || inputs.unit === 'duration';
  return {
    ...valid,
    category: bodyweight ? 'Bodyweight Training' : 'Weight Training',
    ...blank,
    ...inputs,
  };
}

function issuesOf(values: PbFormValues): Record<string, string> {
  const result = pbFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the value inputs', () => {
  it.each<[Partial<PbFormValues>, number]>([
    [{ unit: 'lbs', amount: '225' }, 225],
    [{ unit: 'kg', amount: ' 102.5 ' }, 102.5],
    [{ unit: 'reps', amount: '15' }, 15],
    [{ unit: 'duration', minutes: '22', seconds: '48' }, 1368],
    // A duration part that is not a number counts as 0.
    [{ unit: 'duration', hours: '1', minutes: 'x', seconds: '5' }, 3605],
  ])('read %o as the amount %d', (inputs, amount) => {
    const result = pbFormSchema.safeParse(withValue(inputs));
    expect(result.success && result.data.value).toEqual({ amount, unit: inputs.unit });
  });

  it.each<[Partial<PbFormValues>, string]>([
    [{ unit: 'lbs' }, 'Please enter the weight'],
    [{ unit: 'reps' }, 'Please enter the number of reps'],
    [{ unit: 'kg', amount: 'heavy' }, 'The value must be a number'],
    [{ unit: 'kg', amount: '100.123' }, 'The weight can have at most 2 decimals'],
    [{ unit: 'reps', amount: '2.5' }, 'Reps must be a whole number above 0'],
    [{ unit: 'duration', minutes: '60' }, 'Minutes and seconds must be between 0 and 59'],
    [{ unit: 'duration' }, 'The time must be more than 0 seconds'],
  ])('explain what is wrong with %o on the value', (inputs, message) => {
    expect(issuesOf(withValue(inputs))).toEqual({ value: message });
  });
});

describe('the form rules', () => {
  it('accepts a complete form and gives the PB’s fields, trimmed', () => {
    expect(issuesOf(valid)).toEqual({});
    expect(
      pbFormSchema.parse({ ...valid, title: '  Deadlift ', sets: '3', story: ' Heavy. ' }),
    ).toEqual({
      title: 'Deadlift',
      category: 'Weight Training',
      value: { amount: 405, unit: 'lbs' },
      achievedOn: valid.date,
      sets: 3,
      reps: null,
      story: 'Heavy.',
    });
  });

  it('names every problem on its field', () => {
    expect(
      issuesOf({
        ...valid,
        title: ' ',
        amount: '',
        sets: '0',
        reps: '1.5',
        date: '2999-01-01',
        story: 'x'.repeat(2001),
      }),
    ).toEqual({
      title: 'Exercise name is required',
      value: 'Please enter the weight',
      sets: 'Sets must be a whole number from 1 to 1000',
      reps: 'Reps must be a whole number from 1 to 1000',
      date: 'The date cannot be in the future',
      story: 'Stories can have at most 2000 characters',
    });
  });

  it.each<[Partial<PbFormValues>, Record<string, string>]>([
    [{ category: 'Running', unit: 'lbs' }, { value: 'Running PBs are measured in duration' }],
    [{ sets: 'abc' }, { sets: 'Sets must be a whole number from 1 to 1000' }],
    [{ reps: '1001' }, { reps: 'Reps must be a whole number from 1 to 1000' }],
    [{ date: '' }, { date: 'Please enter a valid date' }],
  ])('refuses %o', (override, issues) => {
    expect(issuesOf({ ...valid, ...override })).toEqual(issues);
  });

  it('defaults to the first category, its default unit and today', () => {
    const values = emptyPbFormValues();
    expect(values.category).toBe('Weight Training');
    expect(values.unit).toBe('lbs');
    expect(values.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(emptyPbFormValues('Running').unit).toBe('duration');
  });

  it('loads a saved duration into its parts', () => {
    const run = pbWith({ category: 'Running', unit: 'duration', amount: 3723, sets: null });
    expect(pbToFormValues(run)).toMatchObject({
      ...blank,
      hours: '1',
      minutes: '2',
      seconds: '3',
      sets: '',
    });
  });
});

describe('the add-record navigation state', () => {
  it('carries the exercise as strings and reads back', () => {
    const state = addRecordState({ ...samplePb, sets: 3, reps: null });
    expect(state).toEqual({
      pbId: samplePb.id,
      preloadData: {
        exerciseName: 'Deadlift',
        category: 'Weight Training',
        reps: '',
        sets: '3',
      },
    });
    expect(readAddPbState(state)).toEqual(state);
    expect(readAddPbState(null)).toBeUndefined();
    expect(readAddPbState({ pbId: 1 })).toBeUndefined();
  });
});

describe('the counts per category', () => {
  it('keeps sets and reps for weights, sets for bodyweight, neither against the clock', () => {
    expect(countFieldsFor('Weight Training')).toEqual({ sets: true, reps: true });
    expect(countFieldsFor('Bodyweight Training')).toEqual({ sets: true, reps: false });
    for (const category of ['Running', 'Cycling', 'Swimming'] as const) {
      expect(countFieldsFor(category)).toEqual({ sets: false, reps: false });
    }
  });

  it('never passes on the counts a category has not, even invalid ones', () => {
    const run: PbFormValues = {
      ...valid,
      category: 'Running',
      unit: 'duration',
      ...blank,
      minutes: '20',
      sets: '3',
      reps: 'abc',
    };
    expect(pbFormSchema.parse(run)).toMatchObject({ sets: null, reps: null });
    const pullUps = withValue({ unit: 'reps', amount: '15', sets: '3', reps: '15' });
    expect(pbFormSchema.parse(pullUps)).toMatchObject({ sets: 3, reps: null });
    expect(pbFormSchema.parse({ ...valid, sets: '3', reps: '5' })).toMatchObject({
      sets: 3,
      reps: 5,
    });
  });

  it('loads a saved record without the counts its category has not', () => {
    const run = pbWith({ category: 'Running', unit: 'duration', amount: 1368, sets: 2, reps: 3 });
    expect(pbToFormValues(run)).toMatchObject({ sets: '', reps: '' });
    const planks = pbWith({ category: 'Bodyweight Training', unit: 'duration', sets: 3, reps: 1 });
    expect(pbToFormValues(planks)).toMatchObject({ sets: '3', reps: '' });
  });
});
