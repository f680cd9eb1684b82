import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueAccount } from '../test/accounts.js';
import { expectFailure } from '../test/envelope.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Two instances with one Redis (REDIS_URL) allow a client each limit once, not once per
 * instance; without Redis each would count on its own.
 */

const redis = {
  url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  keyPrefix: `pbshare-test:${randomUUID()}:`,
};
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  [a, b] = await Promise.all([createTestApp({ redis }), createTestApp({ redis })]);
});
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
});

const post = (t: TestApp, url: string, payload: object, ip: string) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

describe('limits shared through Redis', () => {
  it('count registrations from one address across both instances', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await post(i % 2 ? a : b, '/v1/auth/register', {}, '10.1.0.1');
      expect(res.statusCode).toBe(400);
    }
    expectFailure(
      await post(a, '/v1/auth/register', uniqueAccount(), '10.1.0.1'),
      429,
      'RATE_LIMITED',
    );
    expectFailure(
      await post(b, '/v1/auth/register', uniqueAccount(), '10.1.0.1'),
      429,
      'RATE_LIMITED',
    );
    expect((await post(b, '/v1/auth/register', {}, '10.1.0.2')).statusCode).toBe(400);
  });

  it('hold back failed sign-ins whichever instance they reach', async () => {
    const email = `shared-${randomUUID()}@example.com`;
    for (const t of [a, b, a]) {
      const res = await post(
        t,
        '/v1/auth/login',
        { email, password: 'wrong-password' },
        '10.1.1.1',
      );
      expect(res.statusCode).toBe(401);
    }
    // Three failures of one e-mail and address: the fourth waits, on either instance.
    expectFailure(
      await post(b, '/v1/auth/login', { email, password: 'wrong-password' }, '10.1.1.1'),
      429,
      'RATE_LIMITED',
    );
  });

  it('send at most 5 mails per e-mail an hour over both instances', async () => {
    const email = `mails-${randomUUID()}@example.com`;
    for (let i = 0; i < 5; i++) {
      const res = await post(i % 2 ? a : b, '/v1/auth/forgot-password', { email }, `10.1.2.${i}`);
      expect(res.statusCode).toBe(200);
    }
    expectFailure(
      await post(a, '/v1/auth/forgot-password', { email }, '10.1.2.9'),
      429,
      'RATE_LIMITED',
    );
  });

  it('/readyz checks Redis', async () => {
    const res = await a.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.json()).toMatchObject({ status: 'ready', failing: [] });
  });
});

describe('while Redis is away', () => {
  let lonely: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every command fails at once.
    lonely = await createTestApp({ redis: { url: 'redis://127.0.0.1:1', keyPrefix: 'x:' } });
  });
  afterAll(() => lonely.close());

  it('refuses sign-in with a 503 rather than run it unthrottled, and says so on /readyz', async () => {
    const res = await post(
      lonely,
      '/v1/auth/login',
      { email: 'someone@example.com', password: 'wrong-password' },
      '10.1.3.1',
    );
    expectFailure(res, 503, 'SERVICE_UNAVAILABLE');
    const ready = await lonely.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ failing: ['redis'] });
  });
});
