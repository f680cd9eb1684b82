import { rateLimited } from './attempt-limiter.js';
import type { AttemptCounter, AttemptStore } from '../security/attempt-store.js';
import { clientAddressKey } from '../security/client-address.js';

export interface SignInAttempt {
  /** The normalised (trimmed, lower-cased) e-mail, whether or not an account has it. */
  email: string;
  /** The client address as the app sees it (after TRUST_PROXY); IPv6 counts per /64. */
  address: string;
  /**
   * A device the owner has signed in from before: the account-wide ceiling and delay skip it, so
   * strangers guessing elsewhere never keep the owner out. Its address limits still apply.
   */
  trusted?: boolean;
}

export interface SignInThrottlePolicy {
  /** How long failures are remembered, counted from the first one. */
  windowMs: number;
  /** Failed sign-ins from one address, over every account, before it must wait for the window. */
  perAddress: number;
  /** Failed sign-ins for one account from one address before that pair waits for the window. */
  perAccountAddress: number;
  /** Failures of one pair before each further attempt waits `baseDelayMs`, doubled each time. */
  freeFailures: number;
  baseDelayMs: number;
  /** Failures on one account, from every address, before failing addresses share a delay. */
  accountFreeFailures: number;
  /** The account-wide delay's ceiling: short, so it slows guessing but never locks anyone out. */
  accountMaxDelayMs: number;
  /** Password guesses checked for one account per `accountCeilingWindowMs`, untrusted devices together. */
  perAccountCeiling: number;
  accountCeilingWindowMs: number;
}

export const DEFAULT_SIGN_IN_POLICY: SignInThrottlePolicy = {
  windowMs: 15 * 60 * 1000,
  perAddress: 30,
  perAccountAddress: 10,
  freeFailures: 3,
  baseDelayMs: 1000,
  accountFreeFailures: 10,
  accountMaxDelayMs: 30 * 1000,
  perAccountCeiling: 100,
  accountCeilingWindowMs: 60 * 60 * 1000,
};

/**
 * Slows password guessing (OWASP's authentication guidance). Guesses are counted per address, per
 * account and address, and per account:
 *
 * - an address that fails too often, over any accounts, waits for the window to end;
 * - an account and address pair gets a few free failures, then each attempt must wait a delay
 *   that doubles, and after `perAccountAddress` failures waits for the window to end;
 * - an account failing from many addresses makes the addresses that already failed on it wait a
 *   short shared delay (at most `accountMaxDelayMs`);
 * - an account has a ceiling of guesses checked per hour from every untrusted device together,
 *   so many addresses cannot add up to many guesses; the owner's trusted devices skip it.
 *
 * Reserve, then settle: a guess is counted before its password is hashed, so guesses sent at once
 * cannot all pass on the same reading of the counters; a success gives its count back and forgives
 * the pair, a failure stays counted. An address that has not failed on an account is never held
 * back by that account's delay. The throttle answers 429 with Retry-After instead of holding the
 * request open, so a waiting attacker costs no connection.
 */
export class SignInThrottle {
  constructor(
    private readonly store: AttemptStore,
    private readonly policy: SignInThrottlePolicy = DEFAULT_SIGN_IN_POLICY,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /**
   * Counts this guess before its password is checked. Throws a 429 AppError (with Retry-After),
   * counting nothing, when it must wait. Follow with `recordSuccess` when the password was right.
   */
  async reserve(attempt: SignInAttempt): Promise<void> {
    const keys = this.keysOf(attempt);
    // The counters as they stand first: a client told to wait costs no write.
    const [address, pair, account, ceiling] = await Promise.all(
      keys.map((k) => this.store.get(k.key)),
    );
    this.assertWaited(this.waitBefore(address, pair, account, ceiling));
    const counted = await Promise.all(keys.map((k) => this.store.increment(k.key, k.windowMs)));
    const wait = this.waitAfter(counted, pair?.count ?? 0);
    if (wait !== undefined) {
      await Promise.all(keys.map((k) => this.store.decrement(k.key)));
      this.assertWaited(wait);
    }
  }

  /**
   * The right password: this guess's counts are given back and the address's failures for the
   * account are forgiven. The account's failures from other addresses stay.
   */
  async recordSuccess(attempt: SignInAttempt): Promise<void> {
    await Promise.all(
      this.keysOf(attempt).map(({ key, role }) =>
        role === 'pair' ? this.store.reset(key) : this.store.decrement(key),
      ),
    );
  }

  /** After a password reset, guesses at the old password no longer matter. */
  async forgetAccount(attempt: SignInAttempt): Promise<void> {
    await Promise.all(
      this.keysOf({ ...attempt, trusted: false })
        .filter((k) => k.role !== 'address')
        .map((k) => this.store.reset(k.key)),
    );
  }

  /** How long to wait by the counters before this guess, or undefined when it may go ahead. */
  private waitBefore(
    address: AttemptCounter | undefined,
    pair: AttemptCounter | undefined,
    account: AttemptCounter | undefined,
    ceiling: AttemptCounter | undefined,
  ): number | undefined {
    const { policy } = this;
    const now = this.now();
    if (address && address.count >= policy.perAddress) return address.resetAt - now;
    if (ceiling && ceiling.count >= policy.perAccountCeiling) return ceiling.resetAt - now;
    if (!pair) return undefined;
    if (pair.count >= policy.perAccountAddress) return pair.resetAt - now;
    if (pair.count >= policy.freeFailures) {
      const delay = this.pairDelay(pair.count);
      if (now < pair.lastAt + delay) return pair.lastAt + delay - now;
    }
    if (account && account.count >= policy.accountFreeFailures) {
      const delay = policy.baseDelayMs * 2 ** (account.count - policy.accountFreeFailures);
      const allowedAt = account.lastAt + Math.min(delay, policy.accountMaxDelayMs);
      if (now < allowedAt) return allowedAt - now;
    }
    return undefined;
  }

  /**
   * After counting: over a limit means guesses sent together got past the reading above. A pair
   * that moved by more than this guess had others slip in, so its delay was read too early.
   */
  private waitAfter(counted: AttemptCounter[], pairBefore: number): number | undefined {
    const { policy } = this;
    const now = this.now();
    const [address, pair, , ceiling] = counted as [
      AttemptCounter,
      AttemptCounter,
      AttemptCounter?,
      AttemptCounter?,
    ];
    if (address.count > policy.perAddress) return address.resetAt - now;
    if (pair.count > policy.perAccountAddress) return pair.resetAt - now;
    if (ceiling && ceiling.count > policy.perAccountCeiling) return ceiling.resetAt - now;
    if (pair.count > policy.freeFailures && pair.count > pairBefore + 1) {
      return this.pairDelay(pair.count - 1);
    }
    return undefined;
  }

  /** The counters a guess counts on, in a fixed order: address, pair, then the account's two. */
  private keysOf(a: SignInAttempt): CounterKey[] {
    const { windowMs, accountCeilingWindowMs } = this.policy;
    const address = clientAddressKey(a.address);
    const keys: CounterKey[] = [
      { role: 'address', key: `sign-in:address:${address}`, windowMs },
      { role: 'pair', key: `sign-in:pair:${a.email}|${address}`, windowMs },
    ];
    if (a.trusted) return keys;
    return [
      ...keys,
      { role: 'account', key: `sign-in:account:${a.email}`, windowMs },
      {
        role: 'ceiling',
        key: `sign-in:account-hour:${a.email}`,
        windowMs: accountCeilingWindowMs,
      },
    ];
  }

  private pairDelay(failures: number): number {
    const { policy } = this;
    return Math.min(policy.baseDelayMs * 2 ** (failures - policy.freeFailures), policy.windowMs);
  }

  private assertWaited(waitMs: number | undefined): void {
    if (waitMs !== undefined) throw rateLimited(waitMs);
  }
}

interface CounterKey {
  role: 'address' | 'pair' | 'account' | 'ceiling';
  key: string;
  windowMs: number;
}
