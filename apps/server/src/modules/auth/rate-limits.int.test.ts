import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD, registerAndVerify, uniqueAccount } from '../../test/accounts.js';
import { expectFailure } from '../../test/envelope.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

function expectLimited(res: Awaited<ReturnType<typeof post>>) {
  expectFailure(res, 429, 'RATE_LIMITED');
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

const login = (email: string, password: string, ip: string) =>
  post('/v1/auth/login', { email, password }, ip);

describe('sign-in throttling', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('never blocks the owner on a fresh address, however many failures come from elsewhere', async () => {
    const account = await registerAndVerify(t);
    // One address keeps guessing until it is held back; eleven more try once each.
    for (let i = 0; i < 3; i++) {
      expect((await login(account.email, 'wrong!', '10.0.0.1')).statusCode).toBe(401);
    }
    expectLimited(await login(account.email, 'wrong!', '10.0.0.1'));
    for (let i = 2; i <= 12; i++) {
      expect((await login(account.email, 'wrong!', `10.0.0.${i}`)).statusCode).toBe(401);
    }
    expect((await login(account.email, PASSWORD, '10.0.9.9')).statusCode).toBe(200);
  });

  it('makes each further attempt of an account and address wait twice as long, right password or not', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const account = await registerAndVerify(t);
    for (let i = 0; i < 3; i++) {
      expect((await login(account.email, 'wrong!', '10.0.4.1')).statusCode).toBe(401);
    }
    for (const wait of [1, 2, 4, 8]) {
      const held = await login(account.email, PASSWORD, '10.0.4.1');
      expectLimited(held);
      expect(held.headers['retry-after']).toBe(String(wait));
      vi.advanceTimersByTime(wait * 1000);
      expect((await login(account.email, 'wrong!', '10.0.4.1')).statusCode).toBe(401);
    }
    // Someone else's address is not held back by those failures.
    expect((await login(account.email, PASSWORD, '10.0.4.2')).statusCode).toBe(200);
  });

  it('stops an account and address pair after 10 failures until the window ends', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const account = await registerAndVerify(t);
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(65_000);
      expect((await login(account.email, 'wrong!', '10.0.5.1')).statusCode).toBe(401);
    }
    vi.advanceTimersByTime(65_000);
    const held = await login(account.email, PASSWORD, '10.0.5.1');
    expectLimited(held);
    // The window opened with the first failure: 15 minutes minus the ten minutes since.
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(60);
    expect((await login(account.email, PASSWORD, '10.0.5.2')).statusCode).toBe(200);

    vi.advanceTimersByTime(15 * 60_000);
    expect((await login(account.email, PASSWORD, '10.0.5.1')).statusCode).toBe(200);
  });

  it('stops an address after 30 failed sign-ins over any accounts, and only that address', async () => {
    for (let i = 0; i < 30; i++) {
      expect((await login(`nobody${i}@example.com`, 'wrong!', '10.0.6.1')).statusCode).toBe(401);
    }
    const held = await login('someone-new@example.com', 'wrong!', '10.0.6.1');
    expectLimited(held);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(60);
    expect((await login('someone-new@example.com', 'wrong!', '10.0.6.2')).statusCode).toBe(401);
  });

  it("forgives an address's failures once it signs in", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const account = await registerAndVerify(t);
    for (let i = 0; i < 3; i++) {
      expect((await login(account.email, 'wrong!', '10.0.7.1')).statusCode).toBe(401);
    }
    vi.advanceTimersByTime(1000);
    expect((await login(account.email, PASSWORD, '10.0.7.1')).statusCode).toBe(200);
    // Three free failures again, as if none had happened.
    for (let i = 0; i < 3; i++) {
      expect((await login(account.email, 'wrong!', '10.0.7.1')).statusCode).toBe(401);
    }
    expectLimited(await login(account.email, 'wrong!', '10.0.7.1'));
  });
});

describe('rate limits', () => {
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
