import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The one Redis connection of a process, for the state several instances must share (rate
 * limits, sign-in throttling). Commands fail fast instead of queueing while Redis is away, so a
 * request waits at most one connect timeout; /readyz reports the outage meanwhile.
 */
export function connectRedis(
  url: string,
  keyPrefix: string,
  log: Pick<FastifyBaseLogger, 'error' | 'info'>,
): Redis {
  const redis = new Redis(url, {
    keyPrefix,
    connectTimeout: 2000,
    commandTimeout: 2000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    // Reconnect with a growing pause, capped at 2 s, for as long as the process lives.
    retryStrategy: (times) => Math.min(times * 100, 2000),
  });
  // Each failed reconnect is an 'error' event: log the outage and the recovery once each.
  let down = false;
  redis.on('error', (err: unknown) => {
    if (down) return;
    down = true;
    log.error({ err }, 'Redis is unreachable: retrying');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('Redis is reachable again');
  });
  return redis;
}
