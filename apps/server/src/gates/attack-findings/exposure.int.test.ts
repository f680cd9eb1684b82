import { randomUUID } from 'node:crypto';
import type { PersonalBest } from '@pbshare/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyLeaseMs } from '../../http/idempotency.js';
import { RANGE_REFUSAL_MESSAGE } from '../../storage/range-refusal.js';
import { bearer, newSignedInUser, PASSWORD, type SignedIn } from '../../test/accounts.js';
import { expectFailure } from '../../test/envelope.js';
import { formData } from '../../test/form-data.js';
import { createPb, jpegWithGps, weightFields } from '../../test/pbs.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { get, registerAs, rename } from '../../test/usernames.js';
import { removeWebDist, writeWebDist } from '../../test/web-dist.js';

// Issue 33, item 6: what a black-box attack found exposed, each replayed against the defence.
// The thorough tests live beside the code: modules/users/username-holds, gates/reserved-paths,
// modules/pbs/hide-media, http/idempotency, gates/no-store, web/spa, storage/media-range.

let t: TestApp;
let dist: string;
let me: SignedIn;

beforeAll(async () => {
  dist = writeWebDist({ 'public-profile.html': '<!doctype html><div id="root"></div>' });
  t = await createTestApp({ webDistDir: dist });
  me = await newSignedInUser(t, 'Exposed');
});
afterAll(async () => {
  await t.close();
  removeWebDist(dist);
});

describe('a. hoarding old usernames, and a deleted account handing its links to a stranger', () => {
  it('holds at most three old names, and keeps the names of a deleted account from everyone', async () => {
    const hoarder = await newSignedInUser(t, 'Hoard');
    const first = hoarder.displayName;
    for (const suffix of ['_1', '_2', '_3', '_4']) {
      expect((await rename(t.app, hoarder, `${first}${suffix}`)).statusCode).toBe(200);
    }
    expect((await registerAs(t.app, first)).statusCode).toBe(201);
    expectFailure(await registerAs(t.app, `${first}_1`), 409, 'USERNAME_TAKEN');

    const leaving = await newSignedInUser(t, 'Leaving');
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/v1/users',
      headers: bearer(leaving),
      payload: { password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expectFailure(await registerAs(t.app, leaving.displayName), 409, 'USERNAME_TAKEN');
    expect((await get(t.app, `/${leaving.displayName}`)).statusCode).toBe(404);
  });
});

describe('b. usernames that are paths of the server or well-known files', () => {
  it.each(['.well-known', '.env', 'security.txt', 'apple-touch-icon.png', 'public-profile.html'])(
    'refuses %s',
    async (name) => {
      expectFailure(await registerAs(t.app, name), 400, 'VALIDATION_ERROR');
      expectFailure(await rename(t.app, me, name), 400, 'VALIDATION_ERROR');
    },
  );
});

describe('c. the media of a hidden PB fetched by a kept URL', () => {
  it('answers 404 at the old address once the PB is hidden', async () => {
    const pb = await createPb(t.app, me, weightFields('Hidden later'));
    expect((await get(t.app, pb.media.fullUrl)).statusCode).toBe(200);
    const hidden = await t.app.inject({
      method: 'PATCH',
      url: '/v1/pbs/visibility',
      headers: bearer(me),
      payload: { id: pb.id, isVisible: false },
    });
    expect(hidden.statusCode).toBe(200);
    expect((await get(t.app, pb.media.fullUrl)).statusCode).toBe(404);
    const now = hidden.json<{ data: PersonalBest }>().data;
    expect((await get(t.app, now.media.fullUrl)).statusCode).toBe(200);
  });
});

describe('d. a retry after a crash meeting "still being processed" for 24 hours', () => {
  it('runs the retry once the lease of the cut-off request is over', async () => {
    const key = randomUUID();
    const userId = (await get(t.app, '/v1/users/profile', bearer(me))).json<{
      data: { id: string };
    }>().data.id;
    const leaseAgo = Date.now() - idempotencyLeaseMs(t.config.timeouts.requestMs) - 60_000;
    await t.database.db
      .insertInto('idempotency_keys')
      .values({
        user_id: userId,
        key,
        fingerprint: 'POST /v1/pbs',
        status: null,
        response_body: null,
        created_at: new Date(leaseAgo).toISOString(),
      })
      .execute();
    const retry = await t.app.inject({
      method: 'POST',
      url: '/v1/pbs',
      headers: { ...bearer(me), 'idempotency-key': key },
      payload: formData(weightFields('After a crash'), [
        { data: await jpegWithGps(320, 240), contentType: 'image/jpeg' },
      ]),
    });
    expect(retry.statusCode, retry.body).toBe(201);
  });
});

describe('e. private answers a cache may keep', () => {
  it('says no-store on a signed-in answer', async () => {
    const res = await get(t.app, '/v1/users/profile', bearer(me));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('f. the bare API prefix answered with the app', () => {
  it.each(['/v1', '/v1/', '/media', '/previews'])(
    'answers %s with the envelope 404',
    async (url) => {
      expectFailure(await get(t.app, url), 404, 'NOT_FOUND');
    },
  );
});

describe('g. a bad Range answered with an empty 416', () => {
  it('answers 416 in the envelope with the size in Content-Range', async () => {
    const pb = await createPb(t.app, me, weightFields('Ranged'));
    const size = (await get(t.app, pb.media.fullUrl)).rawPayload.length;
    const res = await get(t.app, pb.media.fullUrl, { range: `bytes=${size + 10}-` });
    expectFailure(res, 416, 'BAD_REQUEST', RANGE_REFUSAL_MESSAGE);
    expect(res.headers['content-range']).toBe(`bytes */${size}`);
  });
});
