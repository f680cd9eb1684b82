import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newSignedInUser, type SignedIn } from '../test/accounts.js';
import { formData } from '../test/form-data.js';
import { expectFailure } from '../test/envelope.js';
import { jpegWithGps, listPbs, postPb, weightFields } from '../test/pbs.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { NUL_MESSAGE } from './nul-guard.js';

// PostgreSQL cannot store U+0000 in text; SQLite can. Both must answer the same 400 and store
// nothing, wherever the character arrives: path, query, JSON body or multipart field.
let t: TestApp;
let user: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  user = await newSignedInUser(t, 'nul');
});

afterAll(() => t.close());

const expectNulRefusal = (res: LightMyRequestResponse) => {
  expectFailure(res, 400, 'VALIDATION_ERROR', NUL_MESSAGE);
};

describe('the NUL character', () => {
  it('is refused in a path parameter, for visitors and users alike', async () => {
    expectNulRefusal(await t.app.inject({ method: 'GET', url: '/v1/pbs/user/%00' }));
    expectNulRefusal(
      await t.app.inject({ method: 'DELETE', url: '/v1/pbs/a%00b', headers: bearer(user) }),
    );
  });

  it('is refused in a query string', async () => {
    expectNulRefusal(await t.app.inject({ method: 'GET', url: '/v1/auth/verify?token=a%00b' }));
  });

  it('is refused in a JSON body, in values and in keys', async () => {
    expectNulRefusal(
      await t.app.inject({
        method: 'PATCH',
        url: '/v1/pbs/visibility',
        headers: bearer(user),
        payload: { id: 'x\u0000', isVisible: true },
      }),
    );
    expectNulRefusal(
      await t.app.inject({
        method: 'PATCH',
        url: '/v1/pbs/update-order',
        headers: bearer(user),
        payload: { orderedIds: [], 'a\u0000': 1 },
      }),
    );
  });

  it('is refused in a PB form field, and nothing is saved', async () => {
    const res = await postPb(t.app, user, { ...weightFields(), story: 'before\u0000after' }, [
      { data: await jpegWithGps(64, 48), contentType: 'image/jpeg' },
    ]);
    expectNulRefusal(res);
    expect(await listPbs(t.app, user)).toEqual([]);
  });

  it('is refused in a profile form field, and the bio is unchanged', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v1/users',
      headers: bearer(user),
      payload: formData({ bio: 'before\u0000after' }),
    });
    expectNulRefusal(res);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/v1/users/profile',
      headers: bearer(user),
    });
    expect(profile.json<{ data: { bio: string } }>().data.bio).toBe('');
  });
});

describe('a deeply nested JSON body', () => {
  it('is walked without overflowing the stack', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('a wide JSON body', () => {
  it('is walked without spreading its items onto the stack', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/v1/pbs/update-order',
      headers: { ...bearer(user), 'content-type': 'application/json' },
      payload: JSON.stringify({ orderedIds: new Array(300_000).fill(0) }),
    });
    expect(res.statusCode).toBe(400);
  });
});
