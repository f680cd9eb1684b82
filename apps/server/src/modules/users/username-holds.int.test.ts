import { usernameKey } from '@pbshare/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newSignedInUser, PASSWORD, type SignedIn } from '../../test/accounts.js';
import { expectFailure } from '../../test/envelope.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { removeWebDist, writeWebDist } from '../../test/web-dist.js';
import { get, registerAs, rename, renamed } from '../../test/usernames.js';
import { MAX_HELD_NAMES } from './repository.js';
import { USERNAME_HOLD_MS } from './service.js';

// The limits on old usernames (old-usernames.int.test.ts has the redirects themselves): one
// account holds at most three, and a deleted account's names are kept from everyone for the
// hold, so a link shared under one finds no profile rather than a stranger's.

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = writeWebDist();
  t = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t.close();
  removeWebDist(dist);
});

async function heldNames(session: SignedIn): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('username_holds')
    .innerJoin('users', 'users.id', 'username_holds.user_id')
    .select('username_holds.name_key')
    .where('users.email', '=', session.email)
    .orderBy('username_holds.name_key')
    .execute();
  return rows.map((row) => row.name_key);
}

describe('old usernames one account holds', () => {
  it('are at most three: a fourth rename releases the oldest hold and is never refused', async () => {
    const owner = await newSignedInUser(t, 'Hoarder');
    const first = owner.displayName;
    const names = [first, `${first}_b`, `${first}_c`, `${first}_d`, `${first}_e`];
    for (const name of names.slice(1)) await renamed(t.app, owner, name);

    expect(MAX_HELD_NAMES).toBe(3);
    expect(await heldNames(owner)).toEqual(names.slice(1, 4).map(usernameKey).sort());
    // The oldest leads nowhere and is anyone's; the three newest still lead to the owner.
    expect((await get(t.app, `/v1/pbs/user/${first}`)).statusCode).toBe(404);
    for (const old of names.slice(1, 4)) {
      expect((await get(t.app, `/v1/pbs/user/${old}`)).headers.location).toBe(
        `/v1/pbs/user/${names[4]}`,
      );
    }
    expect((await registerAs(t.app, first)).statusCode).toBe(201);
  });
});

describe("a deleted account's usernames", () => {
  async function deleteAccount(session: SignedIn) {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/v1/users',
      headers: bearer(session),
      payload: { password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('are kept from everyone for the hold, and their links find no profile', async () => {
    const owner = await newSignedInUser(t, 'Leaver');
    const old = owner.displayName;
    const current = `${old}_last`;
    await renamed(t.app, owner, current);
    const before = Date.now();
    await deleteAccount(owner);

    const someone = await newSignedInUser(t, 'Squatter');
    for (const name of [old, current]) {
      expectFailure(await registerAs(t.app, name.toUpperCase()), 409, 'USERNAME_TAKEN');
      expectFailure(await rename(t.app, someone, name.toLowerCase()), 409, 'USERNAME_TAKEN');
      expect((await get(t.app, `/v1/pbs/user/${name}`)).statusCode).toBe(404);
      const page = await get(t.app, `/${name}`);
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toMatch(/text\/html/);
    }
    const rows = await t.database.db
      .selectFrom('retired_usernames')
      .selectAll()
      .where('name_key', 'in', [usernameKey(old), usernameKey(current)])
      .execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(Date.parse(row.retired_until)).toBeGreaterThanOrEqual(before + USERNAME_HOLD_MS);
    }
  });

  it('are free again once the hold is over', async () => {
    const owner = await newSignedInUser(t, 'Gone');
    const name = owner.displayName;
    await deleteAccount(owner);
    expectFailure(await registerAs(t.app, name), 409, 'USERNAME_TAKEN');
    await t.database.db
      .updateTable('retired_usernames')
      .set({ retired_until: new Date(Date.now() - 1000).toISOString() })
      .where('name_key', '=', usernameKey(name))
      .execute();
    expect((await registerAs(t.app, name)).statusCode).toBe(201);
  });
});
