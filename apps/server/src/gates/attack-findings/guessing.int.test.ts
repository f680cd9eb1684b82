import type * as Argon2 from '@node-rs/argon2';
import { verify as argon2Verify } from '@node-rs/argon2';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD, registerAndVerify } from '../../test/accounts.js';
import { tokenOf } from '../../test/capturing-mailer.js';
import { useTestApp } from '../../test/file-hooks.js';

/*
 * Password guessing, as a black-box attack on the API found it (issue 33, item 4): each describe
 * replays one finding and asserts the defence. Every password check is counted, so "evaluated"
 * below means an argon2 verification actually ran.
 */

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof Argon2>();
  return { ...argon2, verify: vi.fn(argon2.verify) };
});
const evaluated = () => vi.mocked(argon2Verify).mock.calls.length;

const t = useTestApp();

const login = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { email, password },
    remoteAddress,
  });

const statuses = (answers: { statusCode: number }[]) =>
  answers.reduce<Record<number, number>>((counts, { statusCode }) => {
    counts[statusCode] = (counts[statusCode] ?? 0) + 1;
    return counts;
  }, {});

beforeEach(() => {
  vi.mocked(argon2Verify).mockClear();
});

describe('finding: guessing grows with concurrency (40 at once got 14 checked, limit 10)', () => {
  it('checks at most the per-pair limit of 40 wrong guesses sent at once from one address', async () => {
    const victim = await registerAndVerify(t);
    vi.mocked(argon2Verify).mockClear();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(victim.email, `guess ${i}`, '10.33.1.1')),
    );
    const counts = statuses(answers);
    expect(Object.keys(counts).sort()).toEqual(['401', '429']);
    // Each 401 is one checked guess, each 429 was refused before its hash.
    expect(counts[401]).toBe(evaluated());
    expect(evaluated()).toBeLessThanOrEqual(10);
    expect(counts[429]).toBe(40 - evaluated());
  });

  it('checks at most the per-address limit of guesses at many accounts sent at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 45 }, (_, i) => login(`ghost${i}@example.com`, 'guess', '10.33.2.1')),
    );
    expect(statuses(answers)[401]).toBe(evaluated());
    expect(evaluated()).toBeLessThanOrEqual(30);
  });
});

describe('finding: counters keyed by the exact address, while one IPv6 host owns a /64', () => {
  it('counts guesses from every address of one /64 together', async () => {
    const victim = await registerAndVerify(t);
    vi.mocked(argon2Verify).mockClear();
    for (let i = 1; i <= 3; i++) {
      expect((await login(victim.email, 'wrong', `2001:db8:33:1::${i}`)).statusCode).toBe(401);
    }
    const held = await login(victim.email, 'wrong', '2001:db8:33:1:abcd::4');
    expect(held.statusCode).toBe(429);
    expect(evaluated()).toBe(3);
    // Another /64 is another host.
    expect((await login(victim.email, PASSWORD, '2001:db8:33:2::1')).statusCode).toBe(200);
  });

  it('keys the per-address request limit by /64 too', async () => {
    // 100 sign-in requests per 15 minutes per address; invalid bodies count and cost nothing.
    const post = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload: {},
        remoteAddress: `2001:db8:33:3::${i.toString(16)}`,
      });
    for (let i = 1; i <= 100; i++) expect((await post(i)).statusCode).toBe(400);
    expect((await post(101)).statusCode).toBe(429);
  });
});

describe('finding: no per-account ceiling (60 addresses got 177 guesses checked in 1.8 s)', () => {
  it('checks at most 100 guesses an hour for one account from every address together', async () => {
    const victim = await registerAndVerify(t);
    vi.mocked(argon2Verify).mockClear();
    const answers = [];
    // 120 addresses, one guess each, ten at a time: none of them has failed before.
    for (let batch = 0; batch < 12; batch++) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            login(victim.email, 'wrong', `10.34.${batch}.${i + 1}`),
          ),
        )),
      );
    }
    const counts = statuses(answers);
    expect(counts[401]).toBe(100);
    expect(counts[429]).toBe(20);
    expect(evaluated()).toBe(100);

    // A fresh address is refused without its guess being checked, even with the right password.
    const next = await login(victim.email, PASSWORD, '10.34.99.1');
    expect(next.statusCode).toBe(429);
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(50 * 60);
    expect(evaluated()).toBe(100);

    // The owner is not shut out for the hour: a password reset lifts the ceiling.
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/forgot-password',
      payload: { email: victim.email },
    });
    expect(forgot.statusCode).toBe(200);
    const token = tokenOf(await t.mail.next(victim.email, 2));
    const reset = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/reset-password',
      payload: { token, password: 'a fresh start' },
      remoteAddress: '10.34.99.2',
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(victim.email, 'a fresh start', '10.34.99.3')).statusCode).toBe(200);
  });

  it("never holds back the owner's recognised device, however many guesses strangers made", async () => {
    const victim = await registerAndVerify(t);
    // The owner signed in on their phone once: it keeps a device cookie.
    const first = await login(victim.email, PASSWORD, '10.35.0.1');
    expect(first.statusCode).toBe(200);
    const device = first.cookies.find((c) => c.name === 'pbshare_device');
    expect(device?.value).toBeTruthy();

    for (let batch = 0; batch < 11; batch++) {
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          login(victim.email, 'wrong', `10.36.${batch}.${i + 1}`),
        ),
      );
    }
    expect((await login(victim.email, PASSWORD, '10.36.99.1')).statusCode).toBe(429);

    // The same phone, on another network: its password is checked and it signs in.
    const owner = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: victim.email, password: PASSWORD },
      remoteAddress: '10.37.0.1',
      cookies: { pbshare_device: device?.value ?? '' },
    });
    expect(owner.statusCode).toBe(200);
    // A made-up device id is no way around the ceiling.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: victim.email, password: PASSWORD },
      remoteAddress: '10.37.0.2',
      cookies: { pbshare_device: 'A'.repeat(43) },
    });
    expect(forged.statusCode).toBe(429);
  });
});
