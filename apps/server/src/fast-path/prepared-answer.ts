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

/**
 * The encoding a request prefers, as the plugin reads Accept-Encoding; undefined means the plain
 * body (no header, identity, or nothing the server offers).
 */
export function preferredEncoding(
  acceptEncoding: string | undefined,
): 'br' | 'gzip' | 'deflate' | undefined {
  if (!acceptEncoding) return undefined;
  // As the plugin reads it: `*` (no preference) and x-gzip mean gzip.
  const header = acceptEncoding.toLowerCase().replace(/\*|x-gzip/g, 'gzip');
  const chosen = negotiate(header, ENCODINGS);
  return chosen === 'br' || chosen === 'gzip' || chosen === 'deflate' ? chosen : undefined;
}

export interface AnswerHeaders {
  contentType: string;
  cacheControl: string;
  /** Sends the ETag and answers a matching `If-None-Match` with a bodiless 304. */
  etag: boolean;
}

/** What one request gets of a prepared answer: the status, the answer's own headers and body. */
export interface PreparedCopy {
  status: 200 | 304;
  /** Lower-case names; the app-wide headers (security, request id) are not among them. */
  headers: Record<string, string>;
  /** Absent for a 304. */
  body?: Buffer;
  /**
   * The plain body, for a client that takes deflate only: @fastify/compress compresses it for
   * that one answer, as it would any other.
   */
  compressedPerAnswer: boolean;
}

/**
 * The copy of `answer` a request asked for: a bodiless 304 when its `If-None-Match` holds the
 * ETag, otherwise the copy in the encoding it prefers, with `Content-Encoding` set. `Vary:
 * accept-encoding` goes on every copy, since they differ by it.
 */
export function copyFor(
  answer: PreparedAnswer,
  headers: AnswerHeaders,
  request: { ifNoneMatch: string | undefined; acceptEncoding: string | undefined },
): PreparedCopy {
  const own: Record<string, string> = {};
  if (headers.etag) own.etag = answer.etag;
  own['cache-control'] = headers.cacheControl;
  own.vary = 'accept-encoding';
  if (headers.etag && request.ifNoneMatch === answer.etag) {
    return { status: 304, headers: own, compressedPerAnswer: false };
  }
  own['content-type'] = headers.contentType;
  const encoding = preferredEncoding(request.acceptEncoding);
  const compressed = encoding === 'br' || encoding === 'gzip' ? answer[encoding] : undefined;
  if (encoding && compressed) {
    own['content-encoding'] = encoding;
    return { status: 200, headers: own, body: compressed, compressedPerAnswer: false };
  }
  return {
    status: 200,
    headers: own,
    body: answer.identity,
    compressedPerAnswer: encoding === 'deflate',
  };
}

/**
 * Sends a prepared answer through Fastify. With `Content-Encoding` set, @fastify/compress leaves
 * a copy alone; only the plain body, for a client that takes deflate only, is compressed by it.
 */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer,
  headers: AnswerHeaders,
): FastifyReply {
  const copy = copyFor(answer, headers, {
    ifNoneMatch: request.headers['if-none-match'],
    acceptEncoding: request.headers['accept-encoding'],
  });
  void reply.code(copy.status).headers(copy.headers);
  return copy.body ? reply.send(copy.body) : reply.send();
}
