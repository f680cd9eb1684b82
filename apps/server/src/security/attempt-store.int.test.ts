import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis } from '../redis/redis-client.js';
import { RedisAttemptStore } from '../redis/redis-attempt-store.js';
import { MemoryAttemptStore, type AttemptStore } from './attempt-store.js';

/** The attempt counters' contract, in memory and in Redis (127.0.0.1:6379, a fresh prefix). */

const quiet = { error: () => undefined, info: () => undefined };
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = connectRedis(REDIS_URL, `pbshare-test:${randomUUID()}:`, quiet);
afterAll(async () => {
  await redis.quit();
});

let clockMs = 1_700_000_000_000;
const clock = () => clockMs;

const stores: [string, () => AttemptStore][] = [
  ['memory', () => new MemoryAttemptStore(clock)],
  ['Redis', () => new RedisAttemptStore(redis, clock)],
];

describe.each(stores)('attempt counters: %s', (_name, makeStore) => {
  let store: AttemptStore;
  beforeAll(() => {
    store = makeStore();
  });
  const key = () => `k-${randomUUID()}`;

  it('counts in a window opened by the first attempt', async () => {
    const k = key();
    expect(await store.get(k)).toBeUndefined();
    const start = clockMs;
    expect(await store.increment(k, 60_000)).toEqual({
      count: 1,
      lastAt: start,
      resetAt: start + 60_000,
    });
    clockMs += 1000;
    expect(await store.increment(k, 60_000)).toMatchObject({ count: 2, resetAt: start + 60_000 });
    expect(await store.get(k)).toEqual({ count: 2, lastAt: start + 1000, resetAt: start + 60_000 });
  });

  it('forgets the count once the window has closed, and on reset', async () => {
    const k = key();
    await store.increment(k, 5000);
    clockMs += 5000;
    expect(await store.get(k)).toBeUndefined();
    const other = key();
    await store.increment(other, 60_000);
    await store.reset(other);
    expect(await store.get(other)).toBeUndefined();
  });

  it('takes a count back, keeping the window, and forgets the key at zero', async () => {
    const k = key();
    const start = clockMs;
    await store.increment(k, 60_000);
    await store.increment(k, 60_000);
    await store.decrement(k);
    expect(await store.get(k)).toMatchObject({ count: 1, resetAt: start + 60_000 });
    await store.decrement(k);
    expect(await store.get(k)).toBeUndefined();
    // Nothing to take back: the key stays absent rather than going negative.
    await store.decrement(k);
    expect(await store.get(k)).toBeUndefined();
    expect(await store.increment(k, 60_000)).toMatchObject({ count: 1 });
  });

  it('loses no attempt when many arrive at once', async () => {
    const k = key();
    await Promise.all(Array.from({ length: 50 }, () => store.increment(k, 60_000)));
    expect((await store.get(k))?.count).toBe(50);
  });
});
