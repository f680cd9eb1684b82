import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CROSS_SITE_MESSAGE } from '../../security/cross-site.js';
import { bearer, newSignedInUser, refreshCookieOf } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (path: '/logout' | '/refresh', cookie: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/auth${path}`,
    headers: { cookie, host: '127.0.0.1:3000', ...headers },
  });
const profileStatus = async (session: { accessToken: string }) =>
  (await t.app.inject({ method: 'GET', url: '/v1/users/profile', headers: bearer(session) }))
    .statusCode;

const crossSite: Record<string, Record<string, string>> = {
  'another origin': { origin: 'https://evil.example' },
  'Sec-Fetch-Site: cross-site': { 'sec-fetch-site': 'cross-site' },
  'an opaque origin': { origin: 'null' },
  'the right origin sent cross-site': {
    origin: 'http://localhost:3000',
    'sec-fetch-site': 'cross-site',
  },
};

describe('sign-out and refresh refuse requests started by another site', () => {
  for (const path of ['/logout', '/refresh'] as const) {
    for (const [name, headers] of Object.entries(crossSite)) {
      it(`${path} with ${name}: 403, and the session lives on`, async () => {
        const session = await newSignedInUser(t);
        const res = await call(path, session.cookie, headers);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          success: false,
          message: CROSS_SITE_MESSAGE,
          data: null,
          status: 403,
          code: 'FORBIDDEN',
        });
        expect(res.cookies).toEqual([]);
        expect(await profileStatus(session)).toBe(200);
        expect((await call('/refresh', session.cookie, {})).statusCode).toBe(200);
      });
    }
  }

  it('accept the public origin, the origin of the host called, and clients that send neither', async () => {
    expect(t.config.publicOrigin).toBe('http://localhost:3000');
    const allowed: Record<string, string>[] = [
      { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      { origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-origin' },
      {},
    ];
    for (const headers of allowed) {
      const session = await newSignedInUser(t);
      const refreshed = await call('/refresh', session.cookie, headers);
      expect(refreshed.statusCode).toBe(200);
      const out = await call('/logout', refreshCookieOf(refreshed), headers);
      expect(out.statusCode).toBe(200);
      expect(await profileStatus(session)).toBe(401);
    }
  });
});
