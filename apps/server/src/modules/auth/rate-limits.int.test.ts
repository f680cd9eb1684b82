import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerAndVerify, uniqueAccount } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

function expectLimited(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({
    success: false,
    status: 429,
    code: 'RATE_LIMITED',
    data: null,
  });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('rate limits', () => {
  it('stop sign-in for an e-mail after 10 failures, even with the right password', async () => {
    const account = await registerAndVerify(t.app, t.config.dataDir);
    for (let i = 0; i < 10; i++) {
      const res = await post(
        '/v1/auth/login',
        { email: account.email, password: 'wrong!' },
        '10.0.0.1',
      );
      expect(res.statusCode).toBe(401);
    }
    expectLimited(
      await post('/v1/auth/login', { email: account.email, password: PASSWORD }, '10.0.0.2'),
    );
  });

  it('allow 20 registrations an hour from one address', async () => {
    // Invalid bodies still count: the limit is checked before the input is read.
    for (let i = 0; i < 20; i++) {
      expect((await post('/v1/auth/register', {}, '10.0.1.1')).statusCode).toBe(400);
    }
    expectLimited(await post('/v1/auth/register', uniqueAccount(), '10.0.1.1'));
    expect((await post('/v1/auth/register', {}, '10.0.1.2')).statusCode).toBe(400);
  });

  it('allow about 100 sign-in attempts per 15 minutes from one address', async () => {
    for (let i = 0; i < 100; i++) {
      const res = await post('/v1/auth/login', {}, '10.0.2.1');
      expect(res.statusCode).toBe(400);
    }
    expectLimited(await post('/v1/auth/login', {}, '10.0.2.1'));
  });

  it('send at most 5 reset or verification mails per e-mail an hour, known or not', async () => {
    for (const url of ['/v1/auth/forgot-password', '/v1/auth/resend-verification']) {
      for (let i = 0; i < 5; i++) {
        expect((await post(url, { email: 'limited@example.com' }, `10.0.3.${i}`)).statusCode).toBe(
          200,
        );
      }
      expectLimited(await post(url, { email: 'limited@example.com' }, '10.0.3.9'));
    }
  });
});
