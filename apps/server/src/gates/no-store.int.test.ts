import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../test/accounts.js';
import { createGateApp, type GateApp } from './gate-app.js';
import { ROUTE_ACCESS } from './route-access.js';
import { buildWorld, type World } from './world.js';

// A private answer kept by a browser or a shared proxy cache outlives the session that fetched
// it. Every signed-in route's answer, whoever asks, says `no-store` (or, for the owner's story
// image, its own private rule); so does every answer that carries a token.
const PRIVATE_RULES = new Set(['no-store', 'private, no-cache']);

let g: GateApp;
let world: World;

beforeAll(async () => {
  g = await createGateApp();
  world = await buildWorld(g);
}, 60_000);

afterAll(() => g.close());

const methodOf = (key: string) => key.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function expectPrivate(res: LightMyRequestResponse, label: string) {
  expect(PRIVATE_RULES, `${label}: ${String(res.headers['cache-control'])}`).toContain(
    res.headers['cache-control'],
  );
}

describe.each(Object.entries(ROUTE_ACCESS).filter(([, rule]) => rule.access !== 'public'))(
  '%s',
  (key, rule) => {
    it('is never stored by a cache, signed in or not', async () => {
      const attempts = rule.access === 'signed-in' ? rule.stranger(world) : rule.visitor(world);
      for (const attempt of attempts) {
        const { url, headers, ...rest } = attempt.request;
        const signedIn = await g.app.inject({
          ...rest,
          url,
          method: methodOf(key),
          headers: { ...(headers as Record<string, string>), ...bearer(world.stranger.session) },
        });
        expectPrivate(signedIn, `${attempt.label}, signed in`);
        const anonymous = await g.app.inject({
          ...rest,
          url,
          method: methodOf(key),
          headers: headers as Record<string, string>,
        });
        expectPrivate(anonymous, `${attempt.label}, anonymous`);
      }
    });
  },
);

describe('public /v1 answers', () => {
  it('keep their own caching where they set one', async () => {
    const config = await g.app.inject({ method: 'GET', url: '/v1/app-config' });
    expect(config.headers['cache-control']).toBe('public, max-age=300');
    const profile = await g.app.inject({
      method: 'GET',
      url: `/v1/pbs/user/${encodeURIComponent(world.owner.username)}`,
    });
    expect(profile.headers['cache-control']).toMatch(/^public, /);
  });

  it('say no-store when they carry a token, and on an unknown /v1 path', async () => {
    const login = await g.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: world.owner.session.email, password: world.owner.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const unknown = await g.app.inject({ method: 'GET', url: '/v1/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
  });
});
