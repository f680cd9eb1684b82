import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { UploadLimiter, type UploadSlots } from '../media/upload-limiter.js';
import { connectRedis } from './redis-client.js';
import { RedisUploadSlots } from './redis-upload-slots.js';

/**
 * The per-account upload limits behave the same in memory and in Redis, and in Redis two
 * instances (two slot holders on one Redis) share them.
 */

const quiet = { error: () => undefined, info: () => undefined, warn: () => undefined };
const redis = connectRedis(
  process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  `pbshare-test:${randomUUID()}:`,
  quiet,
);
afterAll(async () => {
  await redis.quit();
});

const HOUR = 60 * 60 * 1000;
const limits = { perHour: 3, atOnce: 2 };

const kinds: [string, (now: () => number) => UploadSlots][] = [
  ['memory', (now) => new UploadLimiter(limits, now)],
  ['Redis', (now) => new RedisUploadSlots(redis, quiet, HOUR, limits, now)],
];

describe.each(kinds)('upload slots: %s', (_name, make) => {
  it('allows a fixed number in flight per account, and frees a slot once', async () => {
    const slots = make(Date.now);
    const ana = `ana-${randomUUID()}`;
    const first = await slots.acquire(ana);
    await slots.acquire(ana);
    await expect(slots.acquire(ana)).rejects.toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    await expect(slots.acquire(`ben-${randomUUID()}`)).resolves.toBeTypeOf('function');
    first();
    first(); // a second release must not free the other upload's slot
    await new Promise((r) => setTimeout(r, 20));
    await slots.acquire(ana);
  });

  it('counts starts in a sliding hour and says when the next one is allowed', async () => {
    let now = Date.now();
    const slots = make(() => now);
    const ana = `ana-${randomUUID()}`;
    for (let i = 0; i < 3; i++) {
      (await slots.acquire(ana))();
      now += 10 * 60 * 1000;
      await new Promise((r) => setTimeout(r, 10));
    }
    await expect(slots.acquire(ana)).rejects.toMatchObject({
      message: 'You can upload 3 files an hour. Please try again in 30 minutes.',
      retryAfterSeconds: 30 * 60,
    });
    now += 30 * 60 * 1000;
    await expect(slots.acquire(ana)).resolves.toBeTypeOf('function');
  });
});

describe('upload slots in Redis', () => {
  it('are one allowance for every instance', async () => {
    const a = new RedisUploadSlots(redis, quiet, HOUR, limits);
    const b = new RedisUploadSlots(redis, quiet, HOUR, limits);
    const ana = `ana-${randomUUID()}`;
    await a.acquire(ana);
    await b.acquire(ana);
    await expect(a.acquire(ana)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await expect(b.acquire(ana)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('never let two instances take the last slot together', async () => {
    const holders = Array.from(
      { length: 6 },
      () => new RedisUploadSlots(redis, quiet, HOUR, limits),
    );
    const ana = `ana-${randomUUID()}`;
    const results = await Promise.allSettled(holders.map((h) => h.acquire(ana)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
  });

  it('let uploads through while Redis is away', async () => {
    const away = connectRedis('redis://127.0.0.1:1', 'x:', quiet);
    try {
      const slots = new RedisUploadSlots(away, quiet, HOUR, limits);
      for (let i = 0; i < 4; i++)
        await expect(slots.acquire('ana')).resolves.toBeTypeOf('function');
    } finally {
      away.disconnect();
    }
  });
});
