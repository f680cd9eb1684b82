import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MEDIA_URL_PREFIX } from './local-storage.js';
import { registerBucketMediaRoutes } from './bucket-media-routes.js';
import type { AppStorage } from './create-storage.js';
import { MEDIA_RESPONSE_HEADERS } from './media-headers.js';
import { isServableKey } from './storage.js';

/**
 * Serves the media store under /media: a bucket's objects streamed (bucket-media-routes.ts), the
 * local folder through @fastify/static, which answers Range requests with 206 for video seeking.
 * Keys are never reused (a replaced file gets a new key), so answers can be cached forever.
 */
export async function registerMediaRoutes(
  app: FastifyInstance,
  storage: AppStorage,
): Promise<void> {
  if (storage.kind === 's3') {
    registerBucketMediaRoutes(app, storage);
    return;
  }
  mkdirSync(storage.root, { recursive: true });
  await app.register(fastifyStatic, {
    root: storage.root,
    prefix: MEDIA_URL_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    // Originals are private: answered like a file that does not exist.
    allowedPath: (pathName) => isServableKey(pathName.replace(/^\/+/, '')),
    acceptRanges: true,
    cacheControl: false,
    setHeaders(res) {
      void res.headers(MEDIA_RESPONSE_HEADERS);
    },
  });
}
