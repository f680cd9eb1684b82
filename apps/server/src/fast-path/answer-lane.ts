import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { mayBeProfilePath } from '@pbshare/shared';
import { hasBody } from '../http/body-stall-guard.js';
import { genRequestId } from '../http/request-id.js';
import type { SecurityHeaders } from '../http/security.js';
import type { Lane } from './front-door.js';
import { copyFor, type AnswerHeaders } from './prepared-answer.js';
import type { AnswerKind, PublicProfileAnswers } from './public-answers.js';

/** A public route whose kept answers the lane may serve: `{prefix}{username}`. */
export interface LaneRoute {
  /** The path before the name: '/' for the page, '/v1/pbs/user/' for the API. */
  prefix: string;
  /** Which kept answer, named as the route that makes it files it. */
  kind: Pick<AnswerKind, 'name' | 'bySpelling'>;
  /** The same headers the route sends the answer with. */
  headers: AnswerHeaders;
}

export interface AnswerLaneOptions {
  answers: PublicProfileAnswers;
  routes: readonly LaneRoute[];
  securityHeaders: SecurityHeaders;
  /** Paths some route owns outright (a static file, a page): never a profile here. */
  ownedPaths: ReadonlySet<string>;
  isDraining: () => boolean;
  log: FastifyBaseLogger;
}

const LOGS_INFO = new Set(['info', 'debug', 'trace']);

/**
 * Serves the public profile answers kept in memory (public-answers.ts) from Node's request event,
 * ahead of Fastify's routing, request objects and hooks, which cost more than sending the kept
 * bytes (docs/decisions/0011). The answer is exactly the route's: the same kept bytes, the same
 * copy chosen by `copyFor`, the app's security headers and a request id, and every request still
 * reads the profile's version first, so a write is visible on the next request as before.
 *
 * It takes only plain GETs of a route's exact shape whose answer is kept and current. Everything
 * else goes on to Fastify untouched and before a byte is written: other methods, a body, a name
 * needing decoding, a reserved or route-owned path, a name with nothing kept, a newer version, a
 * moved or missing name, a deflate-only client, a failed read (the route answers it in the
 * envelope), and every request once the app has begun closing.
 */
export function publicAnswerLane(options: AnswerLaneOptions): Lane {
  const { answers, routes, ownedPaths, isDraining, log } = options;
  const security = Object.entries(options.securityHeaders).flat();

  function routeOf(url: string): { route: LaneRoute; username: string } | undefined {
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (ownedPaths.has(path)) return undefined;
    for (const route of routes) {
      if (!path.startsWith(route.prefix)) continue;
      const username = path.slice(route.prefix.length);
      // The route's own test; a name too long to be anyone's has nothing kept, and goes on.
      if (mayBeProfilePath(username)) return { route, username };
    }
    return undefined;
  }

  return (req, res, next) => {
    const found = req.method === 'GET' && !hasBody(req) && !isDraining() && routeOf(req.url ?? '');
    if (!found) {
      next();
      return;
    }
    const started = performance.now();
    answers
      .kept(found.username, found.route.kind)
      .then(
        (answer) => {
          const copy =
            answer &&
            copyFor(answer, found.route.headers, {
              ifNoneMatch: req.headers['if-none-match'],
              acceptEncoding: req.headers['accept-encoding'],
            });
          if (!copy || copy.compressedPerAnswer || isDraining()) {
            next();
            return;
          }
          const reqId = genRequestId(req);
          const head = [...security, 'x-request-id', reqId];
          for (const [name, value] of Object.entries(copy.headers)) head.push(name, value);
          if (copy.body) head.push('content-length', String(copy.body.length));
          res.writeHead(copy.status, head);
          res.end(copy.body);
          logAnswer(log, req, res, reqId, started);
        },
        // The route reads again and answers the failure in the envelope.
        () => {
          next();
        },
      )
      // Only a fault of this code lands here, after the answer may have begun: drop the connection
      // rather than let the process fall over.
      .catch((err: unknown) => {
        log.error({ err }, 'public answer lane failed');
        res.destroy();
      });
  };
}

/** The line Fastify logs when a request completes, so the access log stays whole. */
function logAnswer(
  log: FastifyBaseLogger,
  req: IncomingMessage,
  res: ServerResponse,
  reqId: string,
  started: number,
): void {
  if (!LOGS_INFO.has(log.level)) return;
  log.info(
    {
      reqId,
      req: { method: req.method, url: req.url, remoteAddress: req.socket.remoteAddress },
      res: { statusCode: res.statusCode },
      responseTime: performance.now() - started,
    },
    'request completed',
  );
}
