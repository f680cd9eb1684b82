import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.js';
import { MemoryAttemptStore } from '../security/attempt-store.js';
import { SignInThrottle } from './sign-in-throttle.js';

function setup() {
  let now = 1_000_000;
  const clock = () => now;
  const throttle = new SignInThrottle(new MemoryAttemptStore(clock), undefined, clock);
  return {
    throttle,
    advance: (ms: number) => {
      now += ms;
    },
    /** The wait in seconds the throttle asks for, or 0 when the attempt may go ahead. */
    waitFor: async (email: string, address: string) => {
      try {
        await throttle.assertAllowed({ email, address });
        return 0;
      } catch (error) {
        if (error instanceof AppError && error.code === 'RATE_LIMITED') {
          return error.retryAfterSeconds;
        }
        throw error;
      }
    },
    fail: (email: string, address: string) => throttle.recordFailure({ email, address }),
  };
}

describe('sign-in throttle', () => {
  it('doubles the wait of an account and address pair after three free failures', async () => {
    const t = setup();
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      const wait = (await t.waitFor('ada@example.com', '1.1.1.1')) ?? 0;
      waits.push(wait);
      t.advance(wait * 1000);
      await t.fail('ada@example.com', '1.1.1.1');
    }
    expect(waits).toEqual([0, 0, 0, 1, 2, 4, 8, 16, 32, 64]);
    // The tenth failure closes the pair until the window (opened by the first) ends.
    t.advance(64_000);
    expect(await t.waitFor('ada@example.com', '1.1.1.1')).toBeGreaterThan(700);
  });

  it('makes failing addresses share a short account-wide delay, and spares clean ones', async () => {
    const t = setup();
    for (let i = 0; i < 40; i++) await t.fail('ada@example.com', `2.0.0.${i}`);

    // An address that already failed on the account waits, at most 30 seconds.
    expect(await t.waitFor('ada@example.com', '2.0.0.1')).toBe(30);
    t.advance(30_000);
    expect(await t.waitFor('ada@example.com', '2.0.0.1')).toBe(0);

    await t.fail('ada@example.com', '2.0.0.50');
    expect(await t.waitFor('ada@example.com', '9.9.9.9')).toBe(0);
    // Other accounts are untouched.
    expect(await t.waitFor('bob@example.com', '2.0.0.1')).toBe(0);
  });

  it('forgets the pair on success and the account after a password reset', async () => {
    const t = setup();
    for (let i = 0; i < 12; i++) await t.fail('ada@example.com', `3.0.0.${i}`);
    for (let i = 0; i < 3; i++) await t.fail('ada@example.com', '3.0.0.1');
    expect(await t.waitFor('ada@example.com', '3.0.0.1')).toBeGreaterThan(0);

    await t.throttle.recordSuccess({ email: 'ada@example.com', address: '3.0.0.1' });
    expect(await t.waitFor('ada@example.com', '3.0.0.1')).toBe(0);

    await t.fail('ada@example.com', '3.0.0.2');
    expect(await t.waitFor('ada@example.com', '3.0.0.2')).toBeGreaterThan(0);
    await t.throttle.forgetAccount({ email: 'ada@example.com', address: '3.0.0.9' });
    expect(await t.waitFor('ada@example.com', '3.0.0.2')).toBe(0);
  });
});
