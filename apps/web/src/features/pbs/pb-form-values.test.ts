import { describe, expect, it } from 'vitest';

import {
  addRecordState,
  emptyPbFormValues,
  pbFormSchema,
  readAddPbState,
  toPbTextFields,
  valueTextFrom,
  type PbFormValues,
} from './pb-form-values';
import { samplePb } from '@/test/fixtures/personal-bests';

const blank = { amount: '', hours: '', minutes: '', seconds: '' };

describe('value inputs to the API value text', () => {
  it('writes weights and reps as amount and unit', () => {
    expect(valueTextFrom({ ...blank, unit: 'lbs', amount: '225' })).toEqual({
      ok: true,
      text: '225 lbs',
    });
    expect(valueTextFrom({ ...blank, unit: 'kg', amount: ' 102.5 ' })).toEqual({
      ok: true,
      text: '102.5 kg',
    });
    expect(valueTextFrom({ ...blank, unit: 'reps', amount: '15' })).toEqual({
      ok: true,
      text: '15 reps',
    });
  });

  it('writes durations as H:MM:SS, a part that is not a number counting as 0', () => {
    expect(valueTextFrom({ ...blank, unit: 'duration', minutes: '22', seconds: '48' })).toEqual({
      ok: true,
      text: '0:22:48',
    });
    expect(
      valueTextFrom({ ...blank, unit: 'duration', hours: '1', minutes: 'x', seconds: '5' }),
    ).toEqual({ ok: true, text: '1:00:05' });
  });

  it('explains what is wrong', () => {
    expect(valueTextFrom({ ...blank, unit: 'lbs' })).toEqual({
      ok: false,
      message: 'Please enter the weight',
    });
    expect(valueTextFrom({ ...blank, unit: 'reps' })).toEqual({
      ok: false,
      message: 'Please enter the number of reps',
    });
    expect(valueTextFrom({ ...blank, unit: 'kg', amount: 'heavy' })).toEqual({
      ok: false,
      message: 'The value must be a number',
    });
    expect(valueTextFrom({ ...blank, unit: 'kg', amount: '100.123' })).toEqual({
      ok: false,
      message: 'The weight can have at most 2 decimals',
    });
    expect(valueTextFrom({ ...blank, unit: 'reps', amount: '2.5' })).toEqual({
      ok: false,
      message: 'Reps must be a whole number above 0',
    });
    expect(valueTextFrom({ ...blank, unit: 'duration', minutes: '60' })).toEqual({
      ok: false,
      message: 'Minutes and seconds must be between 0 and 59',
    });
    expect(valueTextFrom({ ...blank, unit: 'duration' })).toEqual({
      ok: false,
      message: 'The time must be more than 0 seconds',
    });
  });
});

function issuesOf(values: PbFormValues): Record<string, string> {
  const result = pbFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the form rules', () => {
  const valid: PbFormValues = {
    ...emptyPbFormValues(),
    title: 'Deadlift',
    amount: '405',
  };

  it('accepts a complete form and turns it into the API fields', () => {
    expect(issuesOf(valid)).toEqual({});
    expect(
      toPbTextFields({ ...valid, title: '  Deadlift ', sets: '3', story: ' Heavy. ' }),
    ).toEqual({
      title: 'Deadlift',
      category: 'Weight Training',
      value: '405 lbs',
      date: valid.date,
      sets: '3',
      reps: '',
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

  it('refuses a unit the category does not measure in', () => {
    expect(issuesOf({ ...valid, category: 'Running', unit: 'lbs' })).toEqual({
      value: 'Running PBs are measured in duration',
    });
  });

  it('defaults to the first category, its default unit and today', () => {
    const values = emptyPbFormValues();
    expect(values.category).toBe('Weight Training');
    expect(values.unit).toBe('lbs');
    expect(values.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(emptyPbFormValues('Running').unit).toBe('duration');
  });
});

describe('the add-record navigation state', () => {
  it('carries the exercise as strings and reads back', () => {
    const state = addRecordState({ ...samplePb, sets: 3, reps: null });
    expect(state).toEqual({
      pbId: samplePb.id,
      preloadData: {
        isAdding: 'true',
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
