import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSignedInUser, type SignedIn } from '../test/accounts.js';
import { expectFailure } from '../test/envelope.js';
import { createPb, weightFields } from '../test/pbs.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { RANGE_REFUSAL_MESSAGE } from './range-refusal.js';

// The local store's Range answers (the bucket's are in bucket-media.int.test.ts): a range past
// the end is refused in the envelope, with the file's size in Content-Range as HTTP asks.
let t: TestApp;
let me: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  me = await newSignedInUser(t);
});
afterAll(() => t.close());

describe('Range on local media', () => {
  it('answers a range inside the file with 206 and one past its end with 416 in the envelope', async () => {
    const { fullUrl } = (await createPb(t.app, me, weightFields('Local squat'))).media;
    const whole = await t.app.inject({ method: 'GET', url: fullUrl });
    expect(whole.statusCode).toBe(200);
    const size = whole.rawPayload.length;

    const part = await t.app.inject({
      method: 'GET',
      url: fullUrl,
      headers: { range: 'bytes=0-9' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${size}`);

    for (const range of [`bytes=${size}-`, `bytes=${size + 100}-${size + 200}`]) {
      const past = await t.app.inject({ method: 'GET', url: fullUrl, headers: { range } });
      expectFailure(past, 416, 'BAD_REQUEST', RANGE_REFUSAL_MESSAGE);
      expect(past.headers['content-range'], range).toBe(`bytes */${size}`);
      expect(past.headers['cache-control']).toBeUndefined();
    }
  });

  it('still answers a missing file with the 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/pbs/nothing/full.webp' });
    expectFailure(res, 404, 'NOT_FOUND');
  });
});
