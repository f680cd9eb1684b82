import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  onResponseAsyncHookHandler,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { ONE_HOUR_MS } from '../durations.js';
import { AppError } from '../errors/app-error.js';
import { authOf } from './auth-guard.js';
import type { IdempotencyRepository, KeyRef } from './idempotency-repository.js';

/** What a route that honours `Idempotency-Key` may add (`config: { idempotent: {...} }`). */
export interface IdempotentRoute {
  /**
   * Finds the result of a first attempt that committed but whose answer was never recorded (the
   * process died between the two), and answers the reply to give again; undefined when there is
   * none, which keeps the key 'in progress'.
   */
  recover?: (
    request: FastifyRequest,
    use: KeyUse,
  ) => Promise<{ status: number; body: unknown } | undefined>;
}

/** One use of a key: the key and when it was reserved (a key may be used again once expired). */
export interface KeyUse {
  key: string;
  reservedAt: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Honour an `Idempotency-Key` header on this (signed-in) route: see http/idempotency.ts. */
    idempotent?: boolean | IdempotentRoute;
  }
  interface FastifyRequest {
    /** The key this request holds while it runs; set by the idempotency hook. */
    idempotencyKey: (KeyRef & KeyUse) | null;
  }
}

const IDEMPOTENCY_HEADER = 'idempotency-key';
const REPLAYED_HEADER = 'idempotent-replayed';
const KEY_LIFETIME_MS = 24 * ONE_HOUR_MS;
/** How much longer than the request timeout a reservation is held before a retry may take it. */
const LEASE_MARGIN_MS = 5 * 60_000;
/** REQUEST_TIMEOUT_MS's default (config.ts), for an app that does not pass its own. */
const DEFAULT_REQUEST_TIMEOUT_MS = 20 * 60_000;

/**
 * How long a reservation without an answer counts as a request still running: longer than a
 * request may take to arrive (the server's request timeout) plus a margin for its handler, so a
 * retry only takes over from a request that can no longer be running. With no request timeout
 * (0) nothing bounds a request, and the reservation holds until the key expires.
 */
export function idempotencyLeaseMs(requestTimeoutMs: number): number {
  return requestTimeoutMs > 0 ? requestTimeoutMs + LEASE_MARGIN_MS : KEY_LIFETIME_MS;
}
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;
const JSON_TYPE = 'application/json; charset=utf-8';

interface IdempotencyOptions {
  repository: IdempotencyRepository;
  /** See idempotencyLeaseMs; by default the lease for the default request timeout. */
  leaseMs?: number;
}

/**
 * `Idempotency-Key` for routes that opt in with `config: { idempotent: true }`: a retry of a
 * request with the same key (same user, same method and path) gets the first answer again, status
 * and body, and the work is not done twice. Keys last 24 hours.
 *
 * What is guaranteed, and how:
 * - The key is reserved (a row with no status) before the handler runs. The insert on the primary
 *   key (user, key) lets exactly one of two racing requests through; the other answers 409.
 * - A 2xx answer is written to the row in onSend, before any byte of it reaches the client, so a
 *   retry made after the client could have seen it (or after the answer was lost) gets it again.
 * - Any other answer means nothing was done (services commit all or nothing), so the reservation is
 *   deleted and the same key may be tried again.
 * - A crash while the request runs, or in the few milliseconds between the handler's commit and
 *   the row's update, leaves the reservation without an answer. A route that can tell whether the
 *   first attempt committed supplies `recover` (POST /v1/pbs derives the new record's id from the
 *   key, so it looks that record up): a retry then gets the recovered answer.
 * - A reservation is a lease (idempotencyLeaseMs). While it runs, a retry that recovers nothing
 *   answers 409: the first request may still be running. Once it is over that request cannot be
 *   running any more, so a retry that recovers nothing takes the key over (a conditional update:
 *   of two such retries one wins, the other answers 409) and does the work, once.
 */
export function registerIdempotency(app: FastifyInstance, options: IdempotencyOptions): void {
  const { repository } = options;
  const leaseMs = options.leaseMs ?? idempotencyLeaseMs(DEFAULT_REQUEST_TIMEOUT_MS);
  app.decorateRequest('idempotencyKey', null);

  // preHandler: after requireAuth (preValidation) has said who is asking, before the handler
  // reads a multipart body.
  const reserveKey: preHandlerAsyncHookHandler = async (request, reply) => {
    const setting = request.routeOptions.config.idempotent;
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    if (typeof header !== 'string' || !VALID_KEY.test(header)) {
      throw new AppError(
        'BAD_REQUEST',
        'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
      );
    }

    const ref = { userId: authOf(request).userId, key: header };
    const now = Date.now();
    const reservation = await repository.reserve(ref, fingerprintOf(request), {
      expiredBefore: new Date(now - KEY_LIFETIME_MS),
      leaseOverBefore: new Date(now - leaseMs),
    });
    if (reservation.outcome === 'reserved') {
      request.idempotencyKey = { ...ref, reservedAt: reservation.reservedAt };
      return;
    }

    // This request's own body is never read: the answer goes out at once, and what happens to the
    // unread rest is the route's choice (Node reads and drops it; upload routes close the
    // connection after a short linger, media/upload-body.ts).
    if (reservation.outcome === 'answered') {
      return reply
        .code(reservation.status)
        .type(JSON_TYPE)
        .header(REPLAYED_HEADER, 'true')
        .send(reservation.body);
    }
    if (reservation.outcome === 'other-request') {
      throw new AppError(
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was already used for a different request. Send a new key.',
      );
    }
    const recovered =
      typeof setting === 'object' && reservation.reservedAt !== null
        ? await setting.recover?.(request, { key: header, reservedAt: reservation.reservedAt })
        : undefined;
    if (recovered) {
      const body = JSON.stringify(recovered.body);
      await repository.complete(ref, recovered.status, body);
      return reply
        .code(recovered.status)
        .type(JSON_TYPE)
        .header(REPLAYED_HEADER, 'true')
        .send(body);
    }
    // Nothing committed, and the first request cannot be running any more: this one runs instead.
    const takenAt =
      reservation.leaseOver && reservation.reservedAt !== null
        ? await repository.takeOver(ref, reservation.reservedAt)
        : undefined;
    if (takenAt) {
      request.idempotencyKey = { ...ref, reservedAt: takenAt };
      return;
    }
    throw new AppError(
      'IDEMPOTENCY_IN_PROGRESS',
      'A request with this Idempotency-Key is still being processed. Check its result before trying again.',
    );
  };

  // Ahead of the route's own onSend hooks and of compression's (a route hook too, added later), so
  // the payload here is the serialized body as the route made it.
  const recordAnswer: onSendAsyncHookHandler = async (request, reply, payload) => {
    const ref = request.idempotencyKey;
    if (!ref) return payload;
    request.idempotencyKey = null;
    const succeeded = reply.statusCode >= 200 && reply.statusCode < 300;
    try {
      if (succeeded && typeof payload === 'string') {
        await repository.complete(ref, reply.statusCode, payload);
      } else {
        await repository.release(ref);
      }
    } catch (err) {
      // The work is done; its answer still goes out. A retry will meet the unanswered key (409).
      request.log.error({ err }, 'could not record the idempotent answer');
    }
    return payload;
  };

  // A reply that never went through onSend (hijacked, or its connection gone first).
  const releaseUnanswered: onResponseAsyncHookHandler = async (request) => {
    const ref = request.idempotencyKey;
    if (!ref) return;
    request.idempotencyKey = null;
    await repository.release(ref);
  };

  // Only the routes that opt in carry the hooks, first among the route's own: every other request
  // (all the reads) skips three async hooks, each a promise and a microtask hop, that would do
  // nothing for it. A request's key is only ever set by its route's preHandler, so no other
  // route's answer has anything to record or release.
  app.addHook('onRoute', (route) => {
    const setting = route.config?.idempotent;
    if (setting === undefined || setting === false) return;
    route.preHandler = [reserveKey, ...hooksOf(route.preHandler)];
    route.onSend = [recordAnswer, ...hooksOf(route.onSend)];
    route.onResponse = [releaseUnanswered, ...hooksOf(route.onResponse)];
  });

  sweepExpiredKeys(app, repository);
}

/** A route option's hooks as a list (the option may hold one, several or none). */
function hooksOf<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/** Deletes expired keys at start and hourly, so the table holds at most a day of them. */
function sweepExpiredKeys(app: FastifyInstance, repository: IdempotencyRepository): void {
  let timer: NodeJS.Timeout | undefined;
  const sweep = (log: FastifyBaseLogger): Promise<void> =>
    repository.deleteExpired(new Date(Date.now() - KEY_LIFETIME_MS)).then(
      (removed) => {
        if (removed > 0) log.info({ removed }, 'removed expired idempotency keys');
      },
      (err: unknown) => {
        log.warn({ err }, 'could not remove expired idempotency keys');
      },
    );
  app.addHook('onReady', async () => {
    await sweep(app.log);
    timer = setInterval(() => {
      void sweep(app.log);
    }, ONE_HOUR_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
  });
}

function fingerprintOf(request: FastifyRequest): string {
  return `${request.method} ${request.url.split('?')[0] ?? request.url}`;
}
