import { beforeAll, expect, it } from 'vitest';
import { injectAs } from '../../test/accounts.js';
import { useSignedInUser, useTestApp } from '../../test/file-hooks.js';
import { createPb, jpegWithGps, postPb } from '../../test/pbs.js';

/** The web app sends the value as `amount` beside `unit` (a duration's in whole seconds). */

const t = useTestApp();
// Pro: these make more exercises than the free tier holds.
const me = useSignedInUser(t, { pro: true });
let photo: Buffer;
beforeAll(async () => {
  photo = await jpegWithGps(64, 64);
});

const fields = (category: string, amount: string, unit: string) => ({
  title: `${category} ${unit}`,
  category,
  amount,
  unit,
  date: '2026-03-14',
  sets: '',
  reps: '',
  story: '',
});

it.each([
  ['Weight Training', '102.5', 'kg', '102.5 kg', 102.5],
  ['Weight Training', '225', 'lbs', '225 lbs', 225],
  ['Bodyweight Training', '15', 'reps', '15 reps', 15],
  ['Running', '1368', 'duration', '0:22:48', 1368],
])('stores %s as %s %s', async (category, amount, unit, value, stored) => {
  const pb = await createPb(t.app, me, fields(category, amount, unit));
  expect(pb).toMatchObject({ value, amount: stored, unit, sets: null, reps: null });
});

it('updates the value as JSON with amount and unit', async () => {
  const pb = await createPb(t.app, me, fields('Cycling', '3600', 'duration'));
  const put = await injectAs(t.app, me, 'PUT', '/v1/pbs', {
    id: pb.id,
    ...fields('Cycling', '3723', 'duration'),
    title: pb.title,
  });
  expect(put.statusCode).toBe(200);
  expect(put.json()).toMatchObject({
    data: { id: pb.id, value: '1:02:03', displayValue: '1:02:03' },
  });
});

const VALUE_FORMAT =
  "Enter the value as an amount and unit, such as '225 lbs', '15 reps' or '0:22:48'";

it.each([
  [fields('Weight Training', '', 'lbs'), 'Please enter the weight'],
  [fields('Bodyweight Training', ' ', 'reps'), 'Please enter the number of reps'],
  [fields('Weight Training', 'heavy', 'kg'), 'The value must be a number'],
  [fields('Weight Training', '0', 'kg'), 'The weight must be more than 0'],
  [fields('Running', '90.5', 'duration'), 'The time must be more than 0 seconds'],
  [fields('Running', '225', 'stones'), VALUE_FORMAT],
  [{ ...fields('Running', '225', 'lbs'), unit: undefined }, VALUE_FORMAT],
  [fields('Running', '225', 'lbs'), 'Running PBs are measured in duration'],
])('refuses %o on the value', async (form, message) => {
  const sent = Object.fromEntries(
    Object.entries(form).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const res = await postPb(t.app, me, sent, [{ data: photo }]);
  expect(res.statusCode).toBe(400);
  expect(res.json<{ issues: unknown[] }>().issues).toEqual([{ field: 'value', message }]);
});

it('reports every field’s problem at once, one each', async () => {
  const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const res = await postPb(
    t.app,
    me,
    { title: ' ', category: 'Running', amount: '0', unit: 'duration', date: future, sets: '0' },
    [{ data: photo }],
  );
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({
    code: 'VALIDATION_ERROR',
    message: 'Exercise name is required',
    issues: [
      { field: 'title', message: 'Exercise name is required' },
      { field: 'value', message: 'The time must be more than 0 seconds' },
      { field: 'date', message: 'The date cannot be in the future' },
      { field: 'sets', message: 'Sets must be a whole number from 1 to 1000' },
    ],
  });
});
