import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, newSignedInUser, type SignedIn } from '../../test/accounts.js';
import { makeAdmin, newSignedInAdmin } from '../../test/admins.js';
import { useTestApp } from '../../test/file-hooks.js';
import { userIdOf } from '../../test/moderation.js';

// Every path under /v1/admin answers anyone but a signed-in admin exactly as a path the API
// does not have: no token, a bad one, a member's. Its input is not even looked at.

const t = useTestApp();
let member: SignedIn;
let admin: SignedIn;
let memberId: string;

beforeAll(async () => {
  member = await newSignedInUser(t, 'Member');
  memberId = await userIdOf(t.app, member);
  admin = await newSignedInAdmin(t);
});

const ADMIN_CALLS: { method: 'GET' | 'POST'; url: string; payload?: InjectOptions['payload'] }[] = [
  { method: 'GET', url: '/v1/admin/queue' },
  { method: 'GET', url: '/v1/admin/audit?limit=5' },
  { method: 'GET', url: '/v1/admin/audit?limit=not-a-number' },
  { method: 'POST', url: '/v1/admin/actions', payload: { action: 'suspend', reason: 'x' } },
  { method: 'POST', url: '/v1/admin/actions', payload: { not: 'even valid' } },
];

/** The API's answer to a path it does not have, as the admin routes must answer strangers. */
const noSuchEndpoint = (method: string, path: string) => ({
  success: false,
  message: `No such endpoint: ${method} ${path}`,
  data: null,
  status: 404,
  code: 'NOT_FOUND',
});

describe('the admin routes', () => {
  it('answer 404 to anyone but an admin, in the words of a path that does not exist', async () => {
    const callers: [string, Record<string, string>][] = [
      ['no token', {}],
      ['a made-up token', { authorization: 'Bearer made.up.token' }],
      ['a malformed header', { authorization: 'Basic abc' }],
      ['a member', bearer(member)],
    ];
    for (const call of ADMIN_CALLS) {
      for (const [label, headers] of callers) {
        const res = await t.app.inject({ ...call, headers });
        expect(res.statusCode, `${call.method} ${call.url}, ${label}: ${res.body}`).toBe(404);
        expect(res.json()).toEqual(noSuchEndpoint(call.method, call.url.split('?')[0] ?? ''));
      }
    }
    // A path under /v1/admin that no route has answers the same, to anyone.
    const missing = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/users',
      headers: bearer(admin),
    });
    expect(missing.json()).toEqual(noSuchEndpoint('GET', '/v1/admin/users'));
    // Nothing was done on the member's behalf.
    const actions = await t.database.db.selectFrom('moderation_actions').selectAll().execute();
    expect(actions).toEqual([]);
  });

  it('answer an admin, and stop the moment the admin is revoked', async () => {
    const queue = () =>
      t.app.inject({ method: 'GET', url: '/v1/admin/queue', headers: bearer(admin) });
    expect((await queue()).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/v1/admin/audit',
          headers: bearer(admin),
        })
      ).statusCode,
    ).toBe(200);
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/actions',
      headers: bearer(admin),
      payload: { action: 'suspend', userId: memberId },
    });
    expect(invalid.statusCode).toBe(400);
    await t.database.db.deleteFrom('admins').execute();
    expect((await queue()).statusCode).toBe(404);
    await makeAdmin(t.database, admin.email);
  });

  it('have no route that edits or deletes the audit log', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/v1/admin/audit', '/v1/admin/audit/some-id', '/v1/admin/actions']) {
        const res = await t.app.inject({ method, url, headers: bearer(admin), payload: {} });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
  });
});
