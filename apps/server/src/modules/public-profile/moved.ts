import type { FastifyReply } from 'fastify';

/**
 * Where a request for an old username goes: the same address under the current name, with the
 * query string kept. `prefix` is the path before the name ('/' for the page), `suffix` the path
 * after it ('/{pbId}' for one PB's link).
 */
export function movedTo(requestUrl: string, prefix: string, username: string, suffix = ''): string {
  const query = requestUrl.indexOf('?');
  const search = query === -1 ? '' : requestUrl.slice(query);
  return `${prefix}${encodeURIComponent(username)}${suffix}${search}`;
}

/**
 * Starts a 301 to `location`. Browsers keep a 301 for good unless told otherwise, but the old name
 * leads there only for a while (and its owner may take it back, which would make a kept redirect
 * a loop), so it is revalidated on every use.
 */
export function sendMoved(reply: FastifyReply, location: string): FastifyReply {
  return reply.code(301).header('location', location).header('cache-control', 'no-cache');
}
