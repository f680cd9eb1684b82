import type { Redis } from 'ioredis';
import { AppError } from '../errors/app-error.js';
import type { AttemptCounter, AttemptStore } from '../security/attempt-store.js';

// One hash per key: count, lastAt, resetAt, expiring with its window. Run as one script so two
// instances counting the same key at once never lose an increment or open two windows.
const INCREMENT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local count = redis.call('HINCRBY', KEYS[1], 'count', 1)
redis.call('HSET', KEYS[1], 'lastAt', now)
if count == 1 then
  redis.call('HSET', KEYS[1], 'resetAt', now + window)
  redis.call('PEXPIRE', KEYS[1], window)
end
return {count, redis.call('HGET', KEYS[1], 'resetAt')}
`;

// Takes one back, deleting the hash at zero so a released key reads as never counted.
const DECREMENT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local count = redis.call('HINCRBY', KEYS[1], 'count', -1)
if count <= 0 then redis.call('DEL', KEYS[1]) end
return count
`;

/**
 * Attempt counters in Redis, shared by every instance: N processes allow a client the limit
 * once, not N times. The window closes by Redis' own expiry. While Redis is away the guarded
 * actions (sign-in, mails) answer 503 rather than run unthrottled.
 */
export class RedisAttemptStore implements AttemptStore {
  constructor(
    private readonly redis: Redis,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async increment(key: string, windowMs: number): Promise<AttemptCounter> {
    const now = this.now();
    const [count, resetAt] = (await unavailableOnError(
      this.redis.eval(INCREMENT, 1, attemptKey(key), now, windowMs),
    )) as [number, string];
    return { count, lastAt: now, resetAt: Number(resetAt) };
  }

  async decrement(key: string): Promise<void> {
    await unavailableOnError(this.redis.eval(DECREMENT, 1, attemptKey(key)));
  }

  async get(key: string): Promise<AttemptCounter | undefined> {
    const fields = await unavailableOnError(this.redis.hgetall(attemptKey(key)));
    if (!fields.count || !fields.resetAt) return undefined;
    const counter = {
      count: Number(fields.count),
      lastAt: Number(fields.lastAt),
      resetAt: Number(fields.resetAt),
    };
    return counter.resetAt > this.now() ? counter : undefined;
  }

  async reset(key: string): Promise<void> {
    await unavailableOnError(this.redis.del(attemptKey(key)));
  }
}

const attemptKey = (key: string) => `attempts:${key}`;

async function unavailableOnError<T>(command: Promise<T>): Promise<T> {
  try {
    return await command;
  } catch (err) {
    const unavailable = new AppError(
      'SERVICE_UNAVAILABLE',
      "We can't check this right now. Please try again in a minute.",
    );
    unavailable.cause = err;
    throw unavailable;
  }
}
