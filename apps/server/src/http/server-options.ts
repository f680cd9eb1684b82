import type { FastifyServerOptions } from 'fastify';
import type { TimeoutsConfig } from '../config.js';
import { makeClientErrorHandler, makeFrameworkErrorHandler } from './framework-errors.js';
import type { FrontDoor } from '../fast-path/index.js';
import type { SecurityHeaders } from './security.js';

/**
 * The Fastify options that decide how long a client may take and how the answers Fastify or Node
 * make on their own (router refusals, unparsable requests, timeouts) look: in the envelope, with
 * the security headers. The body stall rule is a hook (`body-stall-guard.ts`).
 */
export function serverOptions(
  timeouts: TimeoutsConfig,
  securityHeaders: SecurityHeaders,
  frontDoor: FrontDoor,
): Pick<
  FastifyServerOptions,
  'serverFactory' | 'frameworkErrors' | 'clientErrorHandler' | 'return503OnClosing'
> {
  return {
    // The server Fastify would make from these settings, with the front door's lane ahead of it.
    serverFactory: frontDoor.serverFactory({
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      socketIdleMs: timeouts.socketIdleMs,
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: checkingInterval(timeouts),
    }),
    frameworkErrors: makeFrameworkErrorHandler(securityHeaders),
    clientErrorHandler: makeClientErrorHandler(securityHeaders),
    // Requests arriving while closing get the envelope's 503 from http/draining.ts instead.
    return503OnClosing: false,
  };
}

/**
 * Node enforces the header and request timeouts by sweeping connections at this interval (30 s
 * by default), so a timeout can overrun by up to one interval. A quarter of the shorter timeout
 * keeps the overrun small; the sweep is a walk over open connections, cheap at 5 s.
 */
function checkingInterval({ headersMs, requestMs }: TimeoutsConfig): number {
  const shortest = Math.min(headersMs, requestMs > 0 ? requestMs : headersMs);
  return Math.min(5_000, Math.max(50, Math.floor(shortest / 4)));
}
