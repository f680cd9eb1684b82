import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { closeConnectionsWhileDraining } from './http/draining.js';
import { refuseNulCharacters } from './http/nul-guard.js';
import { registerErrorHandling } from './http/error-handler.js';
import { echoRequestId } from './http/request-id.js';
import { registerSecurityHeaders, type SecurityHeaders } from './http/security.js';
import { guardAgainstStalledBodies } from './http/body-stall-guard.js';
import { idempotencyLeaseMs, registerIdempotency } from './http/idempotency.js';
import { IdempotencyRepository } from './http/idempotency-repository.js';
import { acceptMultipartUnread } from './http/multipart.js';
import type { Redis } from 'ioredis';
import { connectRedis } from './redis/redis-client.js';
import { clientAddressKey } from './security/client-address.js';

/** Answers under this size are sent as they are: compressing them saves too little. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export interface Platform {
  /** Set when REDIS_URL is: limits and throttling shared by every instance. */
  redis: Redis | undefined;
  /** True once shutdown began: the fast path's lane stops taking requests too. */
  isDraining: () => boolean;
}

/**
 * What every request passes through before a route: ids, errors, headers, guards, idempotency,
 * compression, cookies and the rate limiter. The order matters and is written once, here.
 */
export async function registerPlatform(
  app: FastifyInstance,
  config: Config,
  database: Database,
  securityHeaders: SecurityHeaders,
): Promise<Platform> {
  echoRequestId(app);
  registerErrorHandling(app);
  refuseNulCharacters(app);
  registerSecurityHeaders(app, securityHeaders);
  const isDraining = closeConnectionsWhileDraining(app);
  guardAgainstStalledBodies(
    app,
    { windowMs: config.timeouts.bodyStallWindowMs, minBytes: config.timeouts.bodyStallMinBytes },
    securityHeaders,
  );
  // Before compression, so it records answers as the routes made them.
  registerIdempotency(app, {
    repository: new IdempotencyRepository(database.db),
    leaseMs: idempotencyLeaseMs(config.timeouts.requestMs),
  });
  await app.register(compress, { threshold: COMPRESS_THRESHOLD_BYTES });
  await app.register(cookie);
  // Read only by the upload routes, which register the plugin in their own scope.
  acceptMultipartUnread(app);
  const redis = config.redis && connectRedis(config.redis.url, config.redis.keyPrefix, app.log);
  if (redis) {
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => {
        redis.disconnect();
      });
    });
  }
  await app.register(rateLimit, {
    global: false,
    // One allowance per IPv6 /64, what one host is normally given, not per address in it.
    keyGenerator: (request) => clientAddressKey(request.ip),
    // While Redis is away the per-address limits let requests through: the sign-in and mail
    // counters (RedisAttemptStore) refuse instead, so what needs guarding stays guarded.
    ...(redis ? { redis, nameSpace: 'rate-limit:', skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many attempts. Please try again in ${context.after}.`,
    }),
  });
  return { redis, isDraining };
}
