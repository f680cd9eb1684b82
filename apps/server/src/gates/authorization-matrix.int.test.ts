import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../test/accounts.js';
import { envelopeOf, envelopeProblems, leaksIn } from './answer-checks.js';
import { forgedAuthorizations } from './forged-tokens.js';
import { createGateApp, type GateApp } from './gate-app.js';
import { ROUTE_ACCESS, type Attempt, type Request } from './route-access.js';
import { buildWorld, ownerSnapshot, type World } from './world.js';

let g: GateApp;
let world: World;
let forged: Awaited<ReturnType<typeof forgedAuthorizations>>;

beforeAll(async () => {
  g = await createGateApp();
  world = await buildWorld(g);
  forged = await forgedAuthorizations(world.owner.session.accessToken);
}, 60_000);

afterAll(() => g.close());

const methodOf = (key: string) => key.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function send(key: string, request: Request, authorization?: string) {
  const headers = { ...(request.headers as Record<string, string> | undefined) };
  if (authorization) headers.authorization = authorization;
  return g.app.inject({ ...request, method: methodOf(key), headers });
}

/** The owner's private strings must appear in no answer to anyone else. */
function expectNothingOfTheOwner(res: LightMyRequestResponse) {
  for (const secret of world.owner.secrets) expect(res.body).not.toContain(secret);
  expect(leaksIn(res.body)).toEqual([]);
}

function expectAnswer(res: LightMyRequestResponse, attempt: Attempt, envelope = true) {
  expect(res.statusCode, `${attempt.label}: ${res.body.slice(0, 300)}`).toBe(attempt.status);
  if (!envelope) return;
  expect(envelopeProblems(res)).toEqual([]);
  const body = envelopeOf(res);
  if (attempt.code) expect(body.code).toBe(attempt.code);
  attempt.check?.(body, world);
}

describe('the route table', () => {
  it('has an access rule for every route the app serves', () => {
    const missing = g.routes.map((r) => r.key).filter((key) => !(key in ROUTE_ACCESS));
    expect(
      missing,
      'Add these routes to ROUTE_ACCESS in src/gates/route-access.ts, with who may call them',
    ).toEqual([]);
  });

  it('has no rule for a route the app no longer serves', () => {
    const served = new Set(g.routes.map((r) => r.key));
    const stale = Object.keys(ROUTE_ACCESS).filter((key) => !served.has(key));
    expect(stale, 'Remove these entries from ROUTE_ACCESS in src/gates/route-access.ts').toEqual(
      [],
    );
  });
});

describe.each(Object.entries(ROUTE_ACCESS))('%s', (key, rule) => {
  if (rule.access === 'public' || rule.access === 'refresh-cookie') {
    it(`is ${rule.access === 'public' ? 'public' : 'ruled by the refresh cookie'} and gives away nothing private`, async () => {
      const before = await ownerSnapshot(g.app, world);
      for (const attempt of rule.visitor(world)) {
        const res = await send(key, attempt.request);
        expectAnswer(res, attempt, !('envelope' in rule) || rule.envelope !== false);
        expectNothingOfTheOwner(res);
      }
      expect(await ownerSnapshot(g.app, world)).toEqual(before);
    });
    return;
  }

  it('answers 401 in the envelope to a visitor, whatever token they bring', async () => {
    const before = await ownerSnapshot(g.app, world);
    for (const attempt of rule.stranger(world)) {
      for (const { label, authorization } of forged) {
        const res = await send(key, attempt.request, authorization);
        expect(res.statusCode, `${attempt.label}, ${label}: ${res.body}`).toBe(401);
        // A HEAD answer has no body to carry the envelope; its status says it all.
        if (key.startsWith('HEAD ')) continue;
        expect(envelopeProblems(res)).toEqual([]);
        expect(envelopeOf(res).code).toBe('UNAUTHORIZED');
        expectNothingOfTheOwner(res);
      }
    }
    expect(await ownerSnapshot(g.app, world)).toEqual(before);
  });

  it("gives another user 404 or their own data, and leaves the owner's account as it was", async () => {
    const before = await ownerSnapshot(g.app, world);
    for (const attempt of rule.stranger(world)) {
      const res = await send(key, attempt.request, bearer(world.stranger.session).authorization);
      expectAnswer(res, attempt, !('envelope' in rule) || rule.envelope !== false);
      await attempt.checkRaw?.(res, world);
      expectNothingOfTheOwner(res);
    }
    expect(await ownerSnapshot(g.app, world)).toEqual(before);
  });
});

describe('media', () => {
  it.each([
    '/media/../pbshare.db',
    '/media/%2e%2e/pbshare.db',
    '/media/..%2fpbshare.db',
    '/media/pbs/',
    '/media/',
    '/media/.partial',
  ])('serves nothing outside the media store: %s', async (url) => {
    const res = await g.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toContain('SQLite format');
    expect(envelopeProblems(res)).toEqual([]);
  });
});

describe('after every attempt', () => {
  it('the owner still signs in with the same password and keeps the same public page', async () => {
    const login = await g.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: world.owner.session.email, password: world.owner.password },
    });
    expect(login.statusCode).toBe(200);
    const page = await g.app.inject({
      method: 'GET',
      url: `/v1/pbs/user/${encodeURIComponent(world.owner.username)}`,
    });
    expect(page.json<{ data: { pbs: { id: string }[] } }>().data.pbs.map((pb) => pb.id)).toEqual([
      world.owner.visible.id,
    ]);
  });
});
