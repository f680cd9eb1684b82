import { describe, expect, it } from 'vitest';
import {
  durationPartFromText,
  numberFromText,
  pbInputSchema,
  pbValueSchema,
  type PbInputFields,
  type PbValueInput,
} from './pb-input.js';

/** The value's message, or the value when it passes. */
function valueOf(input: PbValueInput) {
  const result = pbValueSchema.safeParse(input);
  return result.success ? result.data : result.error.issues.map((i) => i.message).join(' | ');
}

describe('text typed into a number input', () => {
  it.each([
    ['', undefined],
    ['  ', undefined],
    ['225', 225],
    [' 102.5 ', 102.5],
    ['.5', 0.5],
    ['-3', -3],
    ['3.0', 3],
  ])('reads %j as %j', (text, number) => {
    expect(numberFromText(text)).toBe(number);
  });

  it.each(['heavy', '0x10', '1e3', '1,5', 'Infinity'])('reads %j as not a number', (text) => {
    expect(numberFromText(text)).toBeNaN();
  });

  it('reads a long text at once', () => {
    expect(numberFromText(`${'1'.repeat(500_000)}x`)).toBeNaN();
    expect(valueOf(`${'1'.repeat(500_000)}x!`)).toMatch(/amount and unit/);
  });

  it.each([
    ['22', 22],
    [' 5 ', 5],
    ['', 0],
    ['x', 0],
    ['-3', 0],
    ['1.9', 1],
  ])('reads the duration part %j as %j, what is not a number counting as 0', (text, part) => {
    expect(durationPartFromText(text)).toBe(part);
  });
});

describe('the value', () => {
  it.each<[PbValueInput, unknown]>([
    ['225 lbs', { amount: 225, unit: 'lbs' }],
    ['102.5 kg', { amount: 102.5, unit: 'kg' }],
    ['  15 REPS ', { amount: 15, unit: 'reps' }],
    ['0:22:48 duration', { amount: 1368, unit: 'duration' }],
    ['1:05:00', { amount: 3900, unit: 'duration' }],
    ['22:48', { amount: 1368, unit: 'duration' }],
    ['0:00:59', { amount: 59, unit: 'duration' }],
  ])('reads the text %j', (text, value) => {
    expect(valueOf(text)).toEqual(value);
  });

  it.each<[PbValueInput, unknown]>([
    [
      { unit: 'lbs', amount: 225 },
      { amount: 225, unit: 'lbs' },
    ],
    [
      { unit: 'kg', amount: 100.1 + 0.2 },
      { amount: 100.3, unit: 'kg' },
    ],
    [
      { unit: 'reps', amount: 15 },
      { amount: 15, unit: 'reps' },
    ],
    [
      { unit: 'duration', amount: 1368 },
      { amount: 1368, unit: 'duration' },
    ],
    [
      { unit: 'duration', amount: { hours: 1, minutes: 0, seconds: 5 } },
      { amount: 3605, unit: 'duration' },
    ],
  ])('reads the unit and amount %j', (input, value) => {
    expect(valueOf(input)).toEqual(value);
  });

  it.each<[PbValueInput, string]>([
    ['', 'Value is required'],
    ['  ', 'Value is required'],
    ['fast', "Enter the value as an amount and unit, such as '225 lbs', '15 reps' or '0:22:48'"],
    [
      '10 stones',
      "Enter the value as an amount and unit, such as '225 lbs', '15 reps' or '0:22:48'",
    ],
    [
      '10 duration',
      "Enter the value as an amount and unit, such as '225 lbs', '15 reps' or '0:22:48'",
    ],
    [
      { unit: 'stones', amount: 10 },
      "Enter the value as an amount and unit, such as '225 lbs', '15 reps' or '0:22:48'",
    ],
    [{ unit: 'lbs', amount: undefined }, 'Please enter the weight'],
    [{ unit: 'reps', amount: undefined }, 'Please enter the number of reps'],
    [{ unit: 'kg', amount: Number.NaN }, 'The value must be a number'],
    [{ unit: 'reps', amount: Number.POSITIVE_INFINITY }, 'The value must be a number'],
    [{ unit: 'duration', amount: Number.NaN }, 'The value must be a number'],
    ['0 kg', 'The weight must be more than 0'],
    ['-5 lbs', 'The weight must be more than 0'],
    // One message per value, the first rule broken.
    ['-5.555 lbs', 'The weight must be more than 0'],
    ['100.125 kg', 'The weight can have at most 2 decimals'],
    ['100000.5 kg', 'That weight is out of range'],
    ['2.5 reps', 'Reps must be a whole number above 0'],
    ['0 reps', 'Reps must be a whole number above 0'],
    ['1000001 reps', 'That rep count is out of range'],
    ['0:60:00', 'Minutes and seconds must be between 0 and 59'],
    ['0:10:60', 'Minutes and seconds must be between 0 and 59'],
    [
      { unit: 'duration', amount: { hours: 0, minutes: 0, seconds: 75 } },
      'Minutes and seconds must be between 0 and 59',
    ],
    [
      { unit: 'duration', amount: { hours: -1, minutes: 0, seconds: 5 } },
      'Hours must be a whole number of 0 or more',
    ],
    ['0:00:00', 'The time must be more than 0 seconds'],
    [
      { unit: 'duration', amount: { hours: 0, minutes: 0, seconds: 0 } },
      'The time must be more than 0 seconds',
    ],
    [{ unit: 'duration', amount: 1.5 }, 'The time must be more than 0 seconds'],
    [{ unit: 'duration', amount: undefined }, 'The time must be more than 0 seconds'],
    ['1000:00:01', 'That time is out of range'],
  ])('refuses %j: %s', (input, message) => {
    expect(valueOf(input)).toBe(message);
  });
});

describe('the PB fields', () => {
  const today = '2026-03-14';
  const schema = pbInputSchema({ today: () => today });
  const valid: PbInputFields = {
    title: ' Deadlift ',
    category: 'Weight Training',
    value: { unit: 'lbs', amount: 225 },
    date: today,
    sets: 3,
    reps: undefined,
    story: ' Four plates. ',
  };

  /** Each field's messages, in order. */
  function issuesOf(fields: Partial<Record<keyof PbInputFields, unknown>>) {
    const result = schema.safeParse(fields);
    if (result.success) return {};
    const issues: Record<string, string[]> = {};
    for (const issue of result.error.issues)
      (issues[issue.path.join('.')] ??= []).push(issue.message);
    return issues;
  }

  it('gives the fields as stored: trimmed, on the achieved day, absent counts as null', () => {
    expect(schema.parse(valid)).toEqual({
      title: 'Deadlift',
      category: 'Weight Training',
      value: { amount: 225, unit: 'lbs' },
      achievedOn: today,
      sets: 3,
      reps: null,
      story: 'Four plates.',
    });
    expect(schema.parse({ ...valid, sets: null, story: undefined })).toMatchObject({
      sets: null,
      story: '',
    });
  });

  it.each<[Partial<Record<keyof PbInputFields, unknown>>, string, string]>([
    [{ title: '  ' }, 'title', 'Exercise name is required'],
    [{ title: undefined }, 'title', 'Exercise name is required'],
    [{ title: 'x'.repeat(81) }, 'title', 'Exercise names can have at most 80 characters'],
    [{ category: 'Rowing' }, 'category', 'Please choose a category'],
    [{ category: undefined }, 'category', 'Please choose a category'],
    [{ value: '0:22:48' }, 'value', 'Weight Training PBs are measured in lbs or kg'],
    [
      { category: 'Bodyweight Training', value: '100 kg' },
      'value',
      'Bodyweight Training PBs are measured in reps or duration',
    ],
    [{ category: 'Running', value: '15 reps' }, 'value', 'Running PBs are measured in duration'],
    [{ value: '0 lbs' }, 'value', 'The weight must be more than 0'],
    [{ date: '2026-03-15' }, 'date', 'The date cannot be in the future'],
    [{ date: '2026-02-30' }, 'date', 'Please enter a valid date'],
    [{ date: 'March 1, 2026' }, 'date', 'Please enter a valid date'],
    [{ date: '' }, 'date', 'Please enter a valid date'],
    [{ date: undefined }, 'date', 'Please enter a valid date'],
    [{ sets: 0 }, 'sets', 'Sets must be a whole number from 1 to 1000'],
    [{ sets: 1.5 }, 'sets', 'Sets must be a whole number from 1 to 1000'],
    [{ sets: Number.NaN }, 'sets', 'Sets must be a whole number from 1 to 1000'],
    [{ reps: 1001 }, 'reps', 'Reps must be a whole number from 1 to 1000'],
    [{ reps: -1 }, 'reps', 'Reps must be a whole number from 1 to 1000'],
    [{ story: 'x'.repeat(2001) }, 'story', 'Stories can have at most 2000 characters'],
  ])('refuses %o on its field', (override, field, message) => {
    expect(issuesOf({ ...valid, ...override })).toEqual({ [field]: [message] });
  });

  it('accepts the edges: today, 1 and 1000, a 2000-character story', () => {
    expect(
      schema.safeParse({ ...valid, date: today, sets: 1, reps: 1000, story: 'x'.repeat(2000) })
        .success,
    ).toBe(true);
  });

  it('reports every field at once, one message each', () => {
    expect(
      issuesOf({
        title: '',
        category: 'Rowing',
        value: '-1.555 kg',
        date: '2999-01-01',
        sets: 0,
        reps: 2.5,
        story: 'x'.repeat(2001),
      }),
    ).toEqual({
      title: ['Exercise name is required'],
      category: ['Please choose a category'],
      value: ['The weight must be more than 0'],
      date: ['The date cannot be in the future'],
      sets: ['Sets must be a whole number from 1 to 1000'],
      reps: ['Reps must be a whole number from 1 to 1000'],
      story: ['Stories can have at most 2000 characters'],
    });
  });

  it('names the value’s own problem before a unit the category does not use', () => {
    expect(issuesOf({ ...valid, value: '0:00:00' })).toEqual({
      value: ['The time must be more than 0 seconds'],
    });
  });

  it('asks for today at each check', () => {
    let now = '2026-03-14';
    const moving = pbInputSchema({ today: () => now });
    expect(moving.safeParse({ ...valid, date: '2026-03-15' }).success).toBe(false);
    now = '2026-03-15';
    expect(moving.safeParse({ ...valid, date: '2026-03-15' }).success).toBe(true);
  });

  it('refuses what is not an object', () => {
    expect(schema.safeParse(null).success).toBe(false);
    expect(schema.safeParse('Deadlift').success).toBe(false);
  });
});
