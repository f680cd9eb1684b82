import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MEDIA_URL_PREFIX, type LocalStorage } from './local-storage.js';

/**
 * Serves the local media store. Keys are never reused (a replaced file gets a new key), so answers
 * can be cached forever; @fastify/static answers Range requests with 206 for video seeking.
 */
export async function registerMediaRoutes(
  app: FastifyInstance,
  storage: LocalStorage,
): Promise<void> {
  mkdirSync(storage.root, { recursive: true });
  await app.register(fastifyStatic, {
    root: storage.root,
    prefix: MEDIA_URL_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    acceptRanges: true,
    cacheControl: false,
    setHeaders(res) {
      void res.header('cache-control', 'public, max-age=31536000, immutable');
      void res.header('x-content-type-options', 'nosniff');
      // Public pictures and videos: other sites (a chat app's link preview, say) may show them,
      // which the app-wide same-origin policy would block. Keys are unguessable and never reused;
      // this header grants no access the URL does not already give.
      void res.header('cross-origin-resource-policy', 'cross-origin');
    },
  });
}
