import { beforeAll, expect, it } from 'vitest';
import { expectFieldIssue } from '../../test/envelope.js';
import { useSignedInUser, useTestApp } from '../../test/file-hooks.js';
import { jpegWithGps, postPb, storedFiles, weightFields } from '../../test/pbs.js';

const t = useTestApp();
const me = useSignedInUser(t);
let photo: Buffer;
beforeAll(async () => {
  photo = await jpegWithGps(64, 64);
});

const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);

it.each([
  [{ category: 'Rowing' }, 'category', 'Please choose a category'],
  [{ title: '' }, 'title', 'Exercise name is required'],
  [{ title: 'x'.repeat(81) }, 'title', 'Exercise names can have at most 80 characters'],
  [{ value: '' }, 'value', 'Value is required'],
  [
    { value: 'heavy' },
    'value',
    "Enter the value as an amount and unit, such as '225 lbs', '15 reps' or '0:22:48'",
  ],
  [{ value: '-10 kg' }, 'value', 'The weight must be more than 0'],
  [{ value: '100.555 kg' }, 'value', 'The weight can have at most 2 decimals'],
  [{ value: '0:22:48' }, 'value', 'Weight Training PBs are measured in lbs or kg'],
  [
    { category: 'Running', value: '0:61:00' },
    'value',
    'Minutes and seconds must be between 0 and 59',
  ],
  [{ category: 'Running', value: '0:00:00' }, 'value', 'The time must be more than 0 seconds'],
  [
    { category: 'Bodyweight Training', value: '1.5 reps' },
    'value',
    'Reps must be a whole number above 0',
  ],
  [{ sets: '0' }, 'sets', 'Sets must be a whole number from 1 to 1000'],
  [{ reps: '1001' }, 'reps', 'Reps must be a whole number from 1 to 1000'],
  [{ reps: 'two' }, 'reps', 'Reps must be a whole number from 1 to 1000'],
  [{ date: future }, 'date', 'The date cannot be in the future'],
  [{ date: '2026-02-30' }, 'date', 'Please enter a valid date'],
  [{ story: 'x'.repeat(2001) }, 'story', 'Stories can have at most 2000 characters'],
])('refuses %o with a 400 naming the field', async (override, field, message) => {
  const before = storedFiles(t.config.dataDir).length;
  const res = await postPb(t.app, me, { ...weightFields(), ...override }, [{ data: photo }]);
  expectFieldIssue(res, field, message);
  // The upload was received before the rules ran; it must not stay behind.
  expect(storedFiles(t.config.dataDir)).toHaveLength(before);
});

it('refuses a JSON POST and an unreadable form with a 4xx, never a 500', async () => {
  const json = await t.app.inject({
    method: 'POST',
    url: '/v1/pbs',
    headers: { authorization: `Bearer ${me.accessToken}` },
    payload: weightFields(),
  });
  expect(json.statusCode).toBe(415);
  const broken = await t.app.inject({
    method: 'POST',
    url: '/v1/pbs',
    headers: {
      authorization: `Bearer ${me.accessToken}`,
      'content-type': 'multipart/form-data; boundary=x',
    },
    payload: '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nunterminated',
  });
  expect(broken.statusCode).toBeGreaterThanOrEqual(400);
  expect(broken.statusCode).toBeLessThan(500);
});
