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

  /**
   * Counts one attempt for the key, or throws a 429 AppError (counting nothing) when it has used
   * them up. Counted first and checked after, so attempts arriving together cannot all pass.
   */
  async take(key: string): Promise<void> {
    const counter = await this.store.increment(key, this.windowMs);
    if (counter.count <= this.max) return;
    await this.store.decrement(key);
    throw rateLimited(counter.resetAt - this.now());
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
