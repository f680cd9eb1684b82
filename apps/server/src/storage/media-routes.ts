import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MEDIA_URL_PREFIX } from './local-storage.js';
import { registerBucketMediaRoutes } from './bucket-media-routes.js';
import type { AppStorage } from './create-storage.js';
import { MEDIA_RESPONSE_HEADERS } from './media-headers.js';
import { RANGE_REFUSAL_MESSAGE, sentRangeRefusal } from './range-refusal.js';
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
  await app.register(async (media) => {
    answerRangeRefusals(media);
    await serveLocalMedia(media, storage.root);
  });
}

/**
 * @fastify/static hands its 416 (a Range past the end) to the app's error handler as an error
 * whose `Content-Range` sits in `headers`, which the handler does not read: put it on the reply
 * here, and the handler answers the envelope with it, worded like the bucket's 416.
 */
function answerRangeRefusals(media: FastifyInstance): void {
  media.addHook('onError', async (_request, reply, error) => {
    const refusal = sentRangeRefusal(error);
    if (!refusal) return;
    if (refusal.contentRange) void reply.header('content-range', refusal.contentRange);
    // A fresh error made for this one request by @fastify/send; its stock text names HTTP terms.
    error.message = RANGE_REFUSAL_MESSAGE;
  });
}

async function serveLocalMedia(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
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
