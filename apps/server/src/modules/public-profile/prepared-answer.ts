import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** An answer body made once and served many times, with its compressed copies and its ETag. */
export interface PreparedAnswer {
  /** A hash of the body as written, before any compression, so every copy revalidates alike. */
  etag: string;
  identity: Buffer;
  /** Absent for bodies under the compression threshold, which are sent as they are. */
  gzip?: Buffer;
  br?: Buffer;
  /** What the copies take in memory, for the cache's bound. */
  bytes: number;
}

/**
 * Prepares `body` for serving. The copies are made off the event loop (zlib's thread pool) and
 * once per version of a profile, so brotli can afford a better quality than per-answer
 * compression would (6 here; @fastify/compress uses 4 for each answer it compresses).
 */
export async function prepareAnswer(
  body: string,
  compressThreshold: number,
): Promise<PreparedAnswer> {
  const identity = Buffer.from(body);
  const etag = `"${createHash('sha1').update(identity).digest('base64url')}"`;
  if (identity.length < compressThreshold) return { etag, identity, bytes: identity.length };
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 6,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipped(identity, { level: 9 }),
  ]);
  return { etag, identity, gzip: gz, br, bytes: identity.length + gz.length + br.length };
}

// The encodings and their order of preference are @fastify/compress's, so a prepared answer is
// sent in exactly the encoding the plugin would have chosen for the same request.
const ENCODINGS = ['br', 'gzip', 'deflate', 'identity'];

/** The prepared copy a request accepts best; undefined means the plain body. */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  // As the plugin reads it: `*` (no preference) and x-gzip mean gzip.
  const header = acceptEncoding.toLowerCase().replace(/\*|x-gzip/g, 'gzip');
  const chosen = negotiate(header, ENCODINGS);
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

export interface AnswerHeaders {
  contentType: string;
  cacheControl: string;
  /** Sends the ETag and answers a matching `If-None-Match` with a bodiless 304. */
  etag: boolean;
}

/**
 * Sends a prepared answer in the encoding the request prefers, with `Content-Encoding` set so
 * @fastify/compress leaves it alone (a client that only takes deflate still gets the plain body
 * compressed by the plugin). `Vary: accept-encoding` goes on every copy, since they differ by it.
 */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer,
  headers: AnswerHeaders,
): FastifyReply {
  if (headers.etag) void reply.header('etag', answer.etag);
  void reply.header('cache-control', headers.cacheControl).header('vary', 'accept-encoding');
  if (headers.etag && request.headers['if-none-match'] === answer.etag) {
    return reply.code(304).send();
  }
  void reply.type(headers.contentType);
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const compressed = encoding && answer[encoding];
  if (encoding && compressed) {
    return reply.header('content-encoding', encoding).send(compressed);
  }
  return reply.send(answer.identity);
}
