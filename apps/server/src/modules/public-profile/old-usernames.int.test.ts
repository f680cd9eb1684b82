import { usernameKey } from '@pbshare/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newSignedInUser, PASSWORD } from '../../test/accounts.js';
import { createPb } from '../../test/pbs.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { get, registerAs, rename, renamed } from '../../test/usernames.js';
import { USERNAME_HOLD_MS } from '../users/service.js';
import { removeWebDist, writeWebDist } from '../../test/web-dist.js';

// After a rename, links to the old name (page and API) redirect to the owner's current name for
// 90 days, and nobody else can take the old name in that time; the owner may take it back.

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = writeWebDist();
  t = await createTestApp({ webDistDir: dist, publicOrigin: 'https://pb.example' });
});
afterAll(async () => {
  await t.close();
  removeWebDist(dist);
});

const TAKEN = { status: 409, code: 'USERNAME_TAKEN', message: 'That username is taken' };

/** Ends the hold on `name` as if its 90 days were over. */
async function expireHold(name: string): Promise<void> {
  const result = await t.database.db
    .updateTable('username_holds')
    .set({ held_until: new Date(Date.now() - 1000).toISOString() })
    .where('name_key', '=', usernameKey(name))
    .executeTakeFirst();
  expect(Number(result.numUpdatedRows)).toBe(1);
}

describe('an old username', () => {
  it('redirects the page and the API to the new name with 301, keeping the query', async () => {
    const owner = await newSignedInUser(t, 'Old.Name');
    await createPb(t.app, owner);
    const old = owner.displayName;
    const current = `${old}_v2`;
    await renamed(t.app, owner, current);

    const page = await get(t.app, `/${old.toLowerCase()}?utm_source=story`);
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe(`/${current}?utm_source=story`);
    expect(page.headers['cache-control']).toBe('no-cache');

    const api = await get(t.app, `/v1/pbs/user/${old}?x=1`);
    expect(api.statusCode).toBe(301);
    expect(api.headers.location).toBe(`/v1/pbs/user/${current}?x=1`);
    expect(api.headers['cache-control']).toBe('no-cache');
    expect(api.json()).toEqual({
      success: true,
      message: 'This profile has a new username.',
      data: { username: current },
      status: 301,
    });

    // Where it leads answers as before.
    expect((await get(t.app, `/${current}`)).statusCode).toBe(200);
    expect((await get(t.app, `/v1/pbs/user/${current}`)).statusCode).toBe(200);
  });

  it('leads to the current name after several renames', async () => {
    const owner = await newSignedInUser(t, 'Chain');
    const first = owner.displayName;
    await renamed(t.app, owner, `${first}_b`);
    await renamed(t.app, owner, `${first}_c`);
    for (const old of [first, `${first}_b`]) {
      expect((await get(t.app, `/${old}`)).headers.location).toBe(`/${first}_c`);
      expect((await get(t.app, `/v1/pbs/user/${old}`)).headers.location).toBe(
        `/v1/pbs/user/${first}_c`,
      );
    }
  });

  it('is held for 90 days from the rename', async () => {
    const owner = await newSignedInUser(t, 'Held');
    const before = Date.now();
    await renamed(t.app, owner, `${owner.displayName}_x`);
    const hold = await t.database.db
      .selectFrom('username_holds')
      .select(['held_until'])
      .where('name_key', '=', usernameKey(owner.displayName))
      .executeTakeFirstOrThrow();
    const until = Date.parse(hold.held_until);
    expect(USERNAME_HOLD_MS).toBe(90 * 24 * 60 * 60 * 1000);
    expect(until).toBeGreaterThanOrEqual(before + USERNAME_HOLD_MS);
    expect(until).toBeLessThanOrEqual(Date.now() + USERNAME_HOLD_MS);
  });

  it('cannot be taken by anyone else while held, in any letter case', async () => {
    const owner = await newSignedInUser(t, 'Mine');
    const old = owner.displayName;
    await renamed(t.app, owner, `${old}_now`);

    const signUp = await registerAs(t.app, old.toUpperCase());
    expect(signUp.statusCode).toBe(409);
    expect(signUp.json()).toMatchObject(TAKEN);

    const someone = await newSignedInUser(t, 'Someone');
    const clash = await rename(t.app, someone, old.toLowerCase());
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject(TAKEN);
  });

  it('can be taken back by its owner, which ends the hold', async () => {
    const owner = await newSignedInUser(t, 'Back');
    const old = owner.displayName;
    await renamed(t.app, owner, `${old}_tmp`);
    await renamed(t.app, owner, old.toLowerCase());

    expect((await get(t.app, `/${old}`)).statusCode).toBe(200);
    // The name in between is now the held one, and leads back.
    expect((await get(t.app, `/${old}_tmp`)).headers.location).toBe(`/${old.toLowerCase()}`);
    const holds = await t.database.db
      .selectFrom('username_holds')
      .select('name_key')
      .where('name_key', '=', usernameKey(old))
      .execute();
    expect(holds).toEqual([]);
  });

  it('after 90 days leads nowhere and is free for anyone', async () => {
    const owner = await newSignedInUser(t, 'Expired');
    const old = owner.displayName;
    await renamed(t.app, owner, `${old}_new`);
    await expireHold(old);

    expect((await get(t.app, `/${old}`)).statusCode).toBe(404);
    expect((await get(t.app, `/v1/pbs/user/${old}`)).statusCode).toBe(404);

    const someone = await newSignedInUser(t, 'Taker');
    await renamed(t.app, someone, old);
    expect((await get(t.app, `/v1/pbs/user/${old}`)).statusCode).toBe(200);
    // Renaming away from it again holds it for the new owner, over the expired hold.
    await renamed(t.app, someone, `${old}_2`);
    expect((await get(t.app, `/${old}`)).headers.location).toBe(`/${old}_2`);
  });

  it('is kept from everyone, with the current name, for the hold after the account is deleted', async () => {
    const owner = await newSignedInUser(t, 'Leaving');
    const old = owner.displayName;
    await renamed(t.app, owner, `${old}_last`);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/v1/users',
      headers: bearer(owner),
      payload: { password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect((await get(t.app, `/${old}`)).statusCode).toBe(404);
    expect((await get(t.app, `/v1/pbs/user/${old}`)).statusCode).toBe(404);
    expect((await registerAs(t.app, old)).statusCode).toBe(409);
  });

  it('is not made by a change of letter case only', async () => {
    const owner = await newSignedInUser(t, 'Casing');
    await renamed(t.app, owner, owner.displayName.toUpperCase());
    const holds = await t.database.db
      .selectFrom('username_holds')
      .select('name_key')
      .where('name_key', '=', usernameKey(owner.displayName))
      .execute();
    expect(holds).toEqual([]);
    expect((await get(t.app, `/${owner.displayName}`)).statusCode).toBe(200);
  });
});
