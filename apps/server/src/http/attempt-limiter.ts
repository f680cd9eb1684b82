import { AppError } from '../errors/app-error.js';
import { MemoryAttemptStore, type AttemptStore } from '../security/attempt-store.js';

/**
 * Counts attempts per key (an e-mail address) in a fixed window, for limits the per-IP plugin
 * cannot express, such as mails sent to one address. The counts live in an `AttemptStore`:
 * process memory by default, a shared store when the app scales out.
 */
export class AttemptLimiter {
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly store: AttemptStore = new MemoryAttemptStore(),
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Throws a 429 AppError when the key has used up its attempts. */
  async assertAllowed(key: string): Promise<void> {
    const counter = await this.store.get(key);
    if (counter && counter.count >= this.max) throw rateLimited(counter.resetAt - this.now());
  }

  async hit(key: string): Promise<void> {
    await this.store.increment(key, this.windowMs);
  }

  reset(key: string): Promise<void> {
    return this.store.reset(key);
  }
}

/** The 429 for a client that must wait `waitMs` before trying again (sent as Retry-After). */
export function rateLimited(waitMs: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError(
    'RATE_LIMITED',
    `Too many attempts. Please try again in ${formatWait(retryAfterSeconds)}.`,
    undefined,
    retryAfterSeconds,
  );
}

function formatWait(seconds: number): string {
  if (seconds === 1) return '1 second';
  if (seconds < 60) return `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
