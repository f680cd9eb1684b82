import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { ONE_HOUR_MS } from '../durations.js';
import {
  DEFAULT_UPLOAD_LIMITS,
  tooManyAtOnce,
  tooManyThisHour,
  type UploadLimits,
  type UploadSlots,
} from '../media/upload-limiter.js';

// In flight: a counter. Started in the last hour: a sorted set scored by start time. Checked and
// taken in one script, so two instances can never both take the last slot.
const ACQUIRE = `
local now = tonumber(ARGV[1])
local atOnce = tonumber(ARGV[2])
local perHour = tonumber(ARGV[3])
local hour = tonumber(ARGV[4])
if tonumber(redis.call('GET', KEYS[1]) or '0') >= atOnce then return {1, 0} end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - hour)
if redis.call('ZCARD', KEYS[2]) >= perHour then
  return {2, tonumber(redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')[2])}
end
redis.call('ZADD', KEYS[2], now, ARGV[5])
redis.call('PEXPIRE', KEYS[2], hour)
redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[6])
return {0, 0}
`;

const RELEASE = `
if redis.call('DECR', KEYS[1]) <= 0 then redis.call('DEL', KEYS[1]) end
return 0
`;

/**
 * The per-account upload limits counted in Redis, so a fleet allows an account 2 uploads at once
 * and 60 an hour in all, not per instance. A process that dies mid-upload never gives its slot
 * back; the in-flight counter expires `inFlightTtlMs` after the account's latest upload began
 * (the longest an upload may take), so the account is never held back for longer. While Redis is
 * away uploads go ahead unlimited here (each process still bounds its own image work), logged.
 */
export class RedisUploadSlots implements UploadSlots {
  constructor(
    private readonly redis: Redis,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly inFlightTtlMs: number,
    private readonly limits: UploadLimits = DEFAULT_UPLOAD_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  async acquire(userId: string): Promise<() => void> {
    const inFlight = `uploads:in-flight:${userId}`;
    const started = `uploads:started:${userId}`;
    const now = this.now();
    let answer: [number, number];
    try {
      answer = (await this.redis.eval(
        ACQUIRE,
        2,
        inFlight,
        started,
        now,
        this.limits.atOnce,
        this.limits.perHour,
        ONE_HOUR_MS,
        `${now}:${randomUUID()}`,
        this.inFlightTtlMs,
      )) as [number, number];
    } catch (err) {
      this.log.warn({ err }, 'upload limits unavailable (Redis): letting the upload through');
      return () => undefined;
    }
    const [verdict, oldest] = answer;
    if (verdict === 1) throw tooManyAtOnce(this.limits.atOnce);
    if (verdict === 2) throw tooManyThisHour(this.limits.perHour, oldest + ONE_HOUR_MS - now);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.redis.eval(RELEASE, 1, inFlight).catch((err: unknown) => {
        this.log.warn({ err }, 'could not give an upload slot back (Redis); it expires on its own');
      });
    };
  }
}
