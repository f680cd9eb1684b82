import { describe, expect, it } from 'vitest';
import { UploadLimiter } from './upload-limiter.js';

const HOUR = 60 * 60 * 1000;

describe('UploadLimiter', () => {
  it('allows a fixed number of uploads in flight per account, and frees a slot once', () => {
    const limiter = new UploadLimiter({ perHour: 100, atOnce: 2 });
    const first = limiter.begin('ana');
    limiter.begin('ana');
    expect(() => limiter.begin('ana')).toThrow(
      expect.objectContaining({ code: 'RATE_LIMITED', status: 429 }),
    );
    // Another account is not affected.
    expect(() => limiter.begin('ben')).not.toThrow();
    first();
    first(); // a second release must not free the other upload's slot
    limiter.begin('ana');
    expect(() => limiter.begin('ana')).toThrow(expect.objectContaining({ code: 'RATE_LIMITED' }));
  });

  it('counts uploads in a sliding hour and says when the next one is allowed', () => {
    let now = 0;
    const limiter = new UploadLimiter({ perHour: 3, atOnce: 10 }, () => now);
    for (let i = 0; i < 3; i++) {
      limiter.begin('ana')();
      now += 10 * 60 * 1000;
    }
    // 30 minutes in: the first upload frees its place at 60 minutes.
    expect(() => limiter.begin('ana')).toThrow(
      expect.objectContaining({
        message: 'You can upload 3 files an hour. Please try again in 30 minutes.',
        retryAfterSeconds: 30 * 60,
      }),
    );
    now = HOUR;
    expect(() => limiter.begin('ana')).not.toThrow();
  });
});
