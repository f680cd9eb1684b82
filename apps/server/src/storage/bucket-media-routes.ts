import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MEDIA_URL_PREFIX } from './local-storage.js';
import { MEDIA_RESPONSE_HEADERS } from './media-headers.js';
import { rangeRefusal, unsatisfiedRange } from './range-refusal.js';
import type { S3Storage } from './s3-storage.js';
import { isServableKey } from './storage.js';

// One range, as browsers ask for video: 'bytes=0-', 'bytes=100-199', 'bytes=-500'.
const SINGLE_RANGE = /^bytes=(?:\d{1,15}-\d{0,15}|-\d{1,15})$/;

/**
 * Serves media from the bucket under /media when no public (CDN) URL is set, with the same
 * headers as the local store: cached forever, Range for video seeking, ETag revalidation. A
 * multi-range or malformed Range is ignored (the whole file), as RFC 9110 allows.
 */
export function registerBucketMediaRoutes(app: FastifyInstance, storage: S3Storage): void {
  const serve = async (
    request: FastifyRequest<{ Params: { '*': string } }>,
    reply: FastifyReply,
  ) => {
    const key = request.params['*'];
    if (!isServableKey(key)) return notFound(reply);
    const ifNoneMatch = request.headers['if-none-match'];
    const opened = await storage.open(key, {
      range: await explicitRange(storage, key, request.headers.range),
      ifNoneMatch: typeof ifNoneMatch === 'string' ? ifNoneMatch : undefined,
    });
    if (!opened) return notFound(reply);
    void reply.headers(MEDIA_RESPONSE_HEADERS).header('accept-ranges', 'bytes');
    if (opened.etag) void reply.header('etag', opened.etag);
    if (opened.lastModified) void reply.header('last-modified', opened.lastModified.toUTCString());
    if (opened.status === 304) return reply.code(304).send();
    if (opened.status === 416) {
      opened.body.destroy();
      // The error handler keeps the headers set so far: Content-Range, and no immutable caching.
      void reply
        .removeHeader('cache-control')
        .header('content-range', unsatisfiedRange(opened.size));
      throw rangeRefusal();
    }
    void reply
      .code(opened.status)
      .type(opened.contentType)
      .header('content-length', opened.contentLength);
    if (opened.contentRange) void reply.header('content-range', opened.contentRange);
    // Sent raw: the length is known (Fastify would set a HEAD's to 0) and compressing pictures
    // and video gains nothing.
    reply.hijack();
    reply.raw.writeHead(reply.statusCode, reply.getHeaders() as Record<string, string>);
    if (request.method === 'HEAD') {
      opened.body.destroy();
      reply.raw.end();
      return;
    }
    await pipeline(opened.body, reply.raw).catch(() => {
      // The visitor went away mid-file (a skipped video): nothing to answer any more.
      opened.body.destroy();
    });
  };
  // HEAD comes with it (Fastify exposes HEAD for every GET); `serve` sends no body for it.
  app.get(`${MEDIA_URL_PREFIX}*`, { compress: false }, serve);
}

/**
 * The client's single range, with a suffix range ('bytes=-500', the last 500 bytes) made explicit
 * from the object's size: not every S3-compatible service reads the suffix form right.
 */
async function explicitRange(
  storage: S3Storage,
  key: string,
  range: string | undefined,
): Promise<string | undefined> {
  if (!range || !SINGLE_RANGE.test(range)) return undefined;
  if (!range.startsWith('bytes=-')) return range;
  const size = await storage.size(key);
  const last = Number(range.slice('bytes=-'.length));
  if (size === undefined || size === 0 || last === 0) return range;
  return `bytes=${Math.max(0, size - last)}-${size - 1}`;
}

// The app's own 404 (the envelope), as the local store's static handler gives.
function notFound(reply: FastifyReply) {
  reply.callNotFound();
  return reply;
}
