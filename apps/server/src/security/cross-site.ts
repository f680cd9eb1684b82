import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from '../errors/app-error.js';

export const CROSS_SITE_MESSAGE = 'This request came from another site, so it was refused.';

/**
 * True when a browser says the request was started by another site: `Sec-Fetch-Site: cross-site`,
 * or an `Origin` that is neither the app's public origin nor the host the request was sent to.
 * The second keeps http://127.0.0.1:3000 working when the public origin says localhost, and is
 * safe: a page on another site sends its own Origin, which never names the host it calls.
 * Requests with neither header (curl, server-to-server, tests) are not browsers' cross-site
 * requests and pass.
 */
function isCrossSite(request: FastifyRequest, publicOrigin: string): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined || origin === publicOrigin) return false;
  const from = parseUrl(origin);
  if (from === null) return true;
  // The Host header read with the Origin's scheme, so default ports compare equal.
  const to = parseUrl(`${from.protocol}//${request.headers.host ?? ''}`);
  return to?.host !== from.host;
}

/**
 * Refuses cross-site requests with 403 FORBIDDEN, for calls that act on the refresh cookie
 * (sign-out, refresh): SameSite=Strict already keeps the cookie off them, and this is the second
 * lock in case a browser or a proxy does not honour it. The web client treats a 403 from these
 * sessionless calls like any refused refresh or sign-out, and its own calls are same-origin.
 */
export function refuseCrossSite(publicOrigin: string): onRequestHookHandler {
  return (request, _reply, done) => {
    if (isCrossSite(request, publicOrigin)) done(new AppError('FORBIDDEN', CROSS_SITE_MESSAGE));
    else done();
  };
}

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    // "null" (sandboxed frames, some redirects) and anything malformed.
    return null;
  }
}
