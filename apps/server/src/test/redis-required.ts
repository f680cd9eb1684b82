import { Redis } from 'ioredis';

/**
 * Vitest global setup: the shared-limits, upload-slot and BullMQ tests talk to a real Redis. When
 * none answers, say so once, plainly, instead of letting those files time out one by one.
 */
export default async function redisRequired(): Promise<void> {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch {
    throw new Error(
      `The server's tests need Redis at ${url} (set TEST_REDIS_URL to use another); none answered. See README, Prerequisites.`,
    );
  } finally {
    redis.disconnect();
  }
}
