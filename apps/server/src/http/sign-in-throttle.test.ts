import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.js';
import { MemoryAttemptStore } from '../security/attempt-store.js';
import { SignInThrottle, type SignInAttempt } from './sign-in-throttle.js';

function setup() {
  let now = 1_000_000;
  const clock = () => now;
  const throttle = new SignInThrottle(new MemoryAttemptStore(clock), undefined, clock);
  /** The wait in seconds the throttle asks for, or 0 when the guess was let through (and counted). */
  const guess = async (email: string, address: string, trusted = false): Promise<number> => {
    try {
      await throttle.reserve({ email, address, trusted });
      return 0;
    } catch (error) {
      if (error instanceof AppError && error.code === 'RATE_LIMITED' && error.retryAfterSeconds) {
        return error.retryAfterSeconds;
      }
      throw error;
    }
  };
  return {
    throttle,
    advance: (ms: number) => {
      now += ms;
    },
    guess,
    /** A guess that was let through and turned out wrong: it stays counted. */
    fail: async (email: string, address: string) => {
      expect(await guess(email, address)).toBe(0);
    },
    succeed: async (attempt: SignInAttempt) => {
      await throttle.reserve(attempt);
      await throttle.recordSuccess(attempt);
    },
  };
}

describe('sign-in throttle', () => {
  it('doubles the wait of an account and address pair after three free failures', async () => {
    const t = setup();
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      const wait = await t.guess('ada@example.com', '1.1.1.1');
      waits.push(wait);
      t.advance(wait * 1000);
      if (wait > 0) await t.fail('ada@example.com', '1.1.1.1');
    }
    expect(waits).toEqual([0, 0, 0, 1, 2, 4, 8, 16, 32, 64]);
    // The tenth failure closes the pair until the window (opened by the first) ends.
    t.advance(64_000);
    expect(await t.guess('ada@example.com', '1.1.1.1')).toBeGreaterThan(700);
  });

  it('counts nothing for a guess it holds back', async () => {
    const t = setup();
    for (let i = 0; i < 3; i++) await t.fail('ada@example.com', '1.1.1.2');
    // Asking again and again while held back does not lengthen the wait.
    for (let i = 0; i < 5; i++) expect(await t.guess('ada@example.com', '1.1.1.2')).toBe(1);
    t.advance(1000);
    expect(await t.guess('ada@example.com', '1.1.1.2')).toBe(0);
  });

  it('makes failing addresses share a short account-wide delay, and spares clean ones', async () => {
    const t = setup();
    for (let i = 0; i < 40; i++) await t.fail('ada@example.com', `2.0.0.${i}`);

    // An address that already failed on the account waits, at most 30 seconds.
    expect(await t.guess('ada@example.com', '2.0.0.1')).toBe(30);
    t.advance(30_000);
    expect(await t.guess('ada@example.com', '2.0.0.1')).toBe(0);

    await t.fail('ada@example.com', '2.0.0.50');
    expect(await t.guess('ada@example.com', '9.9.9.9')).toBe(0);
    // Other accounts are untouched.
    expect(await t.guess('bob@example.com', '2.0.0.1')).toBe(0);
  });

  it('forgets the pair on success and the account after a password reset', async () => {
    const t = setup();
    for (let i = 0; i < 12; i++) await t.fail('ada@example.com', `3.0.0.${i}`);
    for (let i = 0; i < 2; i++) {
      t.advance(30_000);
      await t.fail('ada@example.com', '3.0.0.1');
    }
    expect(await t.guess('ada@example.com', '3.0.0.1')).toBeGreaterThan(0);

    t.advance(30_000);
    await t.succeed({ email: 'ada@example.com', address: '3.0.0.1' });
    // Forgiven: the next guess is a first one again (the account-wide delay needs a failure).
    expect(await t.guess('ada@example.com', '3.0.0.1')).toBe(0);

    t.advance(30_000);
    await t.fail('ada@example.com', '3.0.0.2');
    expect(await t.guess('ada@example.com', '3.0.0.2')).toBeGreaterThan(0);
    await t.throttle.forgetAccount({ email: 'ada@example.com', address: '3.0.0.9' });
    expect(await t.guess('ada@example.com', '3.0.0.2')).toBe(0);
  });

  it('gives a success its counts back, so people signing in from one address never add up', async () => {
    const t = setup();
    for (let i = 0; i < 100; i++) {
      await t.succeed({ email: `person${i}@example.com`, address: '4.0.0.1' });
    }
    for (let i = 0; i < 30; i++) await t.fail(`nobody${i}@example.com`, '4.0.0.1');
    expect(await t.guess('someone@example.com', '4.0.0.1')).toBeGreaterThan(60);
  });

  it('lets guesses sent at once through no further than the limits', async () => {
    const t = setup();
    const waits = await Promise.all(
      Array.from({ length: 40 }, () => t.guess('ada@example.com', '5.0.0.1')),
    );
    // The three free failures; the fourth guess already had to wait for the third.
    expect(waits.filter((w) => w === 0)).toHaveLength(3);
    expect(waits.filter((w) => w > 0)).toHaveLength(37);

    const addresses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => t.guess(`user${i}@example.com`, '5.0.0.2')),
    );
    expect(addresses.filter((w) => w === 0)).toHaveLength(30);
  });

  it('counts every address of one IPv6 /64 as one', async () => {
    const t = setup();
    for (let i = 1; i <= 3; i++) await t.fail('ada@example.com', `2001:db8:7:7::${i}`);
    expect(await t.guess('ada@example.com', '2001:db8:7:7:ffff::9')).toBe(1);
    expect(await t.guess('ada@example.com', '2001:db8:7:8::1')).toBe(0);
    // An IPv4 client seen through a dual-stack socket is the IPv4 address.
    for (let i = 0; i < 3; i++) await t.fail('bob@example.com', '::ffff:198.51.100.1');
    expect(await t.guess('bob@example.com', '198.51.100.1')).toBe(1);
  });

  describe('the per-account ceiling', () => {
    it('refuses every untrusted guess for the account once 100 were checked this hour', async () => {
      const t = setup();
      for (let i = 0; i < 100; i++) await t.fail('ada@example.com', `6.0.${i >> 8}.${i & 255}`);
      t.advance(30_000);
      const held = await t.guess('ada@example.com', '6.1.0.1');
      // Held until the hour opened by the first guess ends.
      expect(held).toBeGreaterThan(50 * 60);
      expect(held).toBeLessThanOrEqual(60 * 60);
      // Other accounts are untouched, and the hour ends.
      expect(await t.guess('bob@example.com', '6.1.0.1')).toBe(0);
      t.advance(60 * 60_000);
      expect(await t.guess('ada@example.com', '6.1.0.1')).toBe(0);
    });

    it("never holds back the owner's trusted device, nor counts its guesses", async () => {
      const t = setup();
      for (let i = 0; i < 100; i++) await t.fail('ada@example.com', `7.0.${i >> 8}.${i & 255}`);
      expect(await t.guess('ada@example.com', '7.9.9.9')).toBeGreaterThan(0);
      expect(await t.guess('ada@example.com', '7.9.9.9', true)).toBe(0);
      // A trusted device that already failed there skips the account-wide delay too.
      expect(await t.guess('ada@example.com', '7.0.0.1', true)).toBe(0);
      // Its own address limits still hold.
      for (let i = 0; i < 2; i++) expect(await t.guess('ada@example.com', '7.9.9.9', true)).toBe(0);
      expect(await t.guess('ada@example.com', '7.9.9.9', true)).toBe(1);
    });

    it('lets guesses sent at once from many addresses through no further than the ceiling', async () => {
      const t = setup();
      const waits = await Promise.all(
        Array.from({ length: 150 }, (_, i) => t.guess('ada@example.com', `8.0.0.${i}`)),
      );
      expect(waits.filter((w) => w === 0)).toHaveLength(100);
    });
  });
});
