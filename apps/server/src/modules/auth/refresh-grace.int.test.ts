import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../security/random-token.js';
import { newSignedInUser, refreshCookieOf } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { REFRESH_GRACE_MS } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const refresh = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/v1/auth/refresh', headers: { cookie } });
const profile = (accessToken: string) =>
  t.app.inject({
    method: 'GET',
    url: '/v1/users/profile',
    headers: { authorization: `Bearer ${accessToken}` },
  });
const accessOf = (res: Awaited<ReturnType<typeof refresh>>) =>
  res.json<{ data: { accessToken: string } }>().data.accessToken;

/** Moves a used token's rotation into the past, as if the grace window had gone by. */
async function ageRotation(cookie: string, byMs: number) {
  await t.database.db
    .updateTable('refresh_tokens')
    .set({ used_at: new Date(Date.now() - byMs).toISOString() })
    .where('token_hash', '=', hashToken(cookie.replace('pbshare_refresh=', '')))
    .execute();
}

describe('refresh grace window', () => {
  it('lets refreshes sent together with the same cookie all succeed with the same new cookie', async () => {
    const session = await newSignedInUser(t);
    const answers = await Promise.all([1, 2, 3, 4].map(() => refresh(session.cookie)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    const cookies = new Set(answers.map((res) => refreshCookieOf(res)));
    expect(cookies.size).toBe(1);
    expect(cookies.has(session.cookie)).toBe(false);
    for (const res of answers) expect((await profile(accessOf(res))).statusCode).toBe(200);

    // Still signed in: the shared cookie rotates on.
    const [shared = ''] = cookies;
    const next = await refresh(shared);
    expect(next.statusCode).toBe(200);
    expect((await profile(accessOf(next))).statusCode).toBe(200);
  });

  it('answers a token replayed within the window with the successor it already issued', async () => {
    const session = await newSignedInUser(t);
    const first = await refresh(session.cookie);
    await ageRotation(session.cookie, REFRESH_GRACE_MS - 5000);
    const again = await refresh(session.cookie);
    expect(again.statusCode).toBe(200);
    expect(refreshCookieOf(again)).toBe(refreshCookieOf(first));
  });

  it('revokes the session when a used token comes back after the window', async () => {
    const session = await newSignedInUser(t);
    const first = await refresh(session.cookie);
    await ageRotation(session.cookie, REFRESH_GRACE_MS + 1000);

    const replay = await refresh(session.cookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED', data: null });
    expect((await refresh(refreshCookieOf(first))).statusCode).toBe(401);
    expect((await profile(accessOf(first))).statusCode).toBe(401);
  });

  it('revokes the session when a used token comes back after its successor was used', async () => {
    const session = await newSignedInUser(t);
    const first = await refresh(session.cookie);
    const second = await refresh(refreshCookieOf(first));
    expect(second.statusCode).toBe(200);

    expect((await refresh(session.cookie)).statusCode).toBe(401);
    expect((await refresh(refreshCookieOf(second))).statusCode).toBe(401);
    expect((await profile(accessOf(second))).statusCode).toBe(401);
  });

  it('gives nothing for a token of a signed-out session, even within the window', async () => {
    const session = await newSignedInUser(t);
    await refresh(session.cookie);
    await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      headers: { cookie: session.cookie },
    });
    expect((await refresh(session.cookie)).statusCode).toBe(401);
  });
});
