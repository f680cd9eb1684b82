import { rateLimited } from './attempt-limiter.js';
import type { AttemptStore } from '../security/attempt-store.js';

export interface SignInAttempt {
  /** The normalised (trimmed, lower-cased) e-mail, whether or not an account has it. */
  email: string;
  /** The client address as the app sees it (after TRUST_PROXY). */
  address: string;
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
}

const DEFAULT_SIGN_IN_POLICY: SignInThrottlePolicy = {
  windowMs: 15 * 60 * 1000,
  perAddress: 30,
  perAccountAddress: 10,
  freeFailures: 3,
  baseDelayMs: 1000,
  accountFreeFailures: 10,
  accountMaxDelayMs: 30 * 1000,
};

/**
 * Slows password guessing without letting anyone lock an owner out (OWASP's authentication
 * guidance). Failures are counted per address, per account and address, and per account:
 *
 * - an address that fails too often, over any accounts, waits for the window to end;
 * - an account and address pair gets a few free failures, then each attempt must wait a delay
 *   that doubles, and after `perAccountAddress` failures waits for the window to end;
 * - an account failing from many addresses makes the addresses that already failed on it wait a
 *   short shared delay (at most `accountMaxDelayMs`).
 *
 * An address that has not failed on an account is never held back by that account's counters, so
 * the owner signing in from their own device gets in however many failures strangers pile up
 * elsewhere. The throttle answers 429 with Retry-After instead of holding the request open, so a
 * waiting attacker costs no connection. The trade-off: an attacker with very many addresses gets a
 * few guesses from each, which only a second factor or a challenge would stop.
 */
export class SignInThrottle {
  constructor(
    private readonly store: AttemptStore,
    private readonly policy: SignInThrottlePolicy = DEFAULT_SIGN_IN_POLICY,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Throws a 429 AppError (with Retry-After) when this attempt must wait. */
  async assertAllowed(attempt: SignInAttempt): Promise<void> {
    const { policy } = this;
    const [address, pair] = await Promise.all([
      this.store.get(addressKey(attempt)),
      this.store.get(pairKey(attempt)),
    ]);
    const now = this.now();
    if (address && address.count >= policy.perAddress) throw rateLimited(address.resetAt - now);
    if (!pair) return;
    if (pair.count >= policy.perAccountAddress) throw rateLimited(pair.resetAt - now);
    if (pair.count >= policy.freeFailures) {
      const delay = policy.baseDelayMs * 2 ** (pair.count - policy.freeFailures);
      this.assertWaited(pair.lastAt, Math.min(delay, policy.windowMs), now);
    }
    const account = await this.store.get(accountKey(attempt));
    if (account && account.count >= policy.accountFreeFailures) {
      const delay = policy.baseDelayMs * 2 ** (account.count - policy.accountFreeFailures);
      this.assertWaited(account.lastAt, Math.min(delay, policy.accountMaxDelayMs), now);
    }
  }

  async recordFailure(attempt: SignInAttempt): Promise<void> {
    const { windowMs } = this.policy;
    await Promise.all([
      this.store.increment(addressKey(attempt), windowMs),
      this.store.increment(pairKey(attempt), windowMs),
      this.store.increment(accountKey(attempt), windowMs),
    ]);
  }

  /**
   * The right password from this address: its own failures for the account are forgiven. The
   * account's count stays, since it also holds failures from other addresses.
   */
  async recordSuccess(attempt: SignInAttempt): Promise<void> {
    await this.store.reset(pairKey(attempt));
  }

  /** After a password reset, guesses at the old password no longer matter. */
  async forgetAccount(attempt: SignInAttempt): Promise<void> {
    await Promise.all([this.store.reset(accountKey(attempt)), this.store.reset(pairKey(attempt))]);
  }

  private assertWaited(lastAt: number, delayMs: number, now: number): void {
    const allowedAt = lastAt + delayMs;
    if (now < allowedAt) throw rateLimited(allowedAt - now);
  }
}

const addressKey = (a: SignInAttempt) => `sign-in:address:${a.address}`;
const accountKey = (a: SignInAttempt) => `sign-in:account:${a.email}`;
const pairKey = (a: SignInAttempt) => `sign-in:pair:${a.email}|${a.address}`;
