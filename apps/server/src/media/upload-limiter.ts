import { CONCURRENT_UPLOADS_PER_ACCOUNT, UPLOADS_PER_HOUR } from '@pbshare/shared';
import { ONE_HOUR_MS } from '../durations.js';
import { AppError } from '../errors/app-error.js';

export interface UploadLimits {
  perHour: number;
  atOnce: number;
}

/** Accounts remembered before those with no upload in the last hour are dropped. */
const PRUNE_ABOVE_ACCOUNTS = 10_000;

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  perHour: UPLOADS_PER_HOUR,
  atOnce: CONCURRENT_UPLOADS_PER_ACCOUNT,
};

/**
 * Where the upload routes take a slot before reading a file: resolves with the function that
 * gives it back (once), or rejects with a 429. In process memory (UploadLimiter) or, for a
 * fleet, in Redis (redis/redis-upload-slots.ts).
 */
export interface UploadSlots {
  acquire(userId: string): Promise<() => void>;
}

/** The 429 for an account with `atOnce` uploads already in flight. */
export function tooManyAtOnce(atOnce: number): AppError {
  return new AppError(
    'RATE_LIMITED',
    `You can upload ${atOnce} files at a time. Please wait for your other uploads to finish.`,
    [{ field: 'file', message: 'Please wait for your other uploads to finish.' }],
    5,
  );
}

/** The 429 for an account that started `perHour` uploads in the last hour; `waitMs` until one frees. */
export function tooManyThisHour(perHour: number, waitMs: number): AppError {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  const message = `You can upload ${perHour} files an hour. Please try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`;
  return new AppError(
    'RATE_LIMITED',
    message,
    [{ field: 'file', message }],
    Math.ceil(waitMs / 1000),
  );
}

/**
 * Per-account upload limits: how many uploads may start in a sliding hour and how many may be in
 * flight at once. Checked before the body is read, so a refused upload costs nothing but its
 * headers. Counts live in process memory; with REDIS_URL the fleet shares them instead.
 */
export class UploadLimiter implements UploadSlots {
  private readonly started = new Map<string, number[]>();
  private readonly inFlight = new Map<string, number>();

  constructor(
    private readonly limits: UploadLimits = DEFAULT_UPLOAD_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  acquire(userId: string): Promise<() => void> {
    // A refusal thrown by begin() becomes the promise's rejection.
    return new Promise((resolve) => {
      resolve(this.begin(userId));
    });
  }

  /** Takes a slot for `userId` or throws a 429; the returned function gives it back (once). */
  begin(userId: string): () => void {
    const now = this.now();
    const recent = (this.started.get(userId) ?? []).filter((at) => now - at < ONE_HOUR_MS);
    const active = this.inFlight.get(userId) ?? 0;
    if (active >= this.limits.atOnce) throw tooManyAtOnce(this.limits.atOnce);
    const oldest = recent[0];
    if (recent.length >= this.limits.perHour && oldest !== undefined) {
      throw tooManyThisHour(this.limits.perHour, oldest + ONE_HOUR_MS - now);
    }
    recent.push(now);
    this.started.set(userId, recent);
    if (this.started.size > PRUNE_ABOVE_ACCOUNTS) this.forgetIdle(now);
    this.inFlight.set(userId, active + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.inFlight.get(userId) ?? 1) - 1;
      if (left > 0) this.inFlight.set(userId, left);
      else this.inFlight.delete(userId);
    };
  }

  private forgetIdle(now: number): void {
    for (const [userId, times] of this.started) {
      const newest = times[times.length - 1];
      if (newest === undefined || now - newest >= ONE_HOUR_MS) this.started.delete(userId);
    }
  }
}
