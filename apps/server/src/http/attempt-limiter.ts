import { AppError } from './app-error.js';

/**
 * Counts attempts per key (an e-mail address) in a fixed window, for limits the per-IP plugin
 * cannot express, such as failed sign-ins for one account. Kept in memory: with several processes
 * each enforces its own count, which multiplies the limit by the process count; a shared store
 * (Redis) belongs here when the app scales out.
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws a 429 AppError when the key has used up its attempts. */
  assertAllowed(key: string): void {
    const window = this.current(key);
    if (window && window.count >= this.max) {
      const retryAfterSeconds = Math.max(1, Math.ceil((window.resetAt - this.now()) / 1000));
      throw new AppError(
        'RATE_LIMITED',
        `Too many attempts. Please try again in ${formatWait(retryAfterSeconds)}.`,
        undefined,
        retryAfterSeconds,
      );
    }
  }

  hit(key: string): void {
    const window = this.current(key);
    if (window) window.count += 1;
    else this.windows.set(key, { count: 1, resetAt: this.now() + this.windowMs });
    if (this.windows.size > 10_000) this.sweep();
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string) {
    const window = this.windows.get(key);
    if (window && window.resetAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
