import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

const MULTIPART = 'multipart/form-data';

/**
 * Only the upload routes (PBs, the profile form) read multipart bodies, so @fastify/multipart is
 * registered in their scope alone (`readMultipart`). Its hooks run on every request of the scope
 * they are in: an async onRequest that puts a close listener on the response and an async
 * onResponse. App-wide they cost the public profile about a third of its requests per second and
 * put its p99 latency at several milliseconds. Everywhere else a multipart body is accepted and
 * left unread, as the plugin's own parser does (the body stays undefined), so every other route,
 * and the 404 answer, treat it exactly as before.
 */
export function acceptMultipartUnread(app: FastifyInstance): void {
  app.addContentTypeParser(MULTIPART, (_request, _payload, done) => {
    done(null);
  });
}

/** The plugin, in place of the stand-in parser `scope` inherits from `acceptMultipartUnread`. */
export async function readMultipart(scope: FastifyInstance): Promise<void> {
  scope.removeContentTypeParser(MULTIPART);
  await scope.register(multipart);
}
