import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { answerOnSocket } from './raw-answer.js';
import type { SecurityHeaders } from './security.js';

export interface BodyStallRule {
  /** How often the body's progress is checked. */
  windowMs: number;
  /** A body that brings fewer bytes than this in one window is cut. */
  minBytes: number;
}

/**
 * Cuts request bodies that stall, like nginx's client_body_timeout but by rate: a total request
 * timeout long enough for a 100 MB video on a slow phone would otherwise let a client trickling one
 * byte at a time hold a connection for all of it. Progress is read from the socket's byte count,
 * so the guard never touches the body stream its consumer reads. A window in which we, not the
 * client, were behind (bytes received but not yet read by the route) does not count against it.
 */
export function guardAgainstStalledBodies(
  app: FastifyInstance,
  rule: BodyStallRule,
  headers: SecurityHeaders,
): void {
  if (rule.windowMs <= 0) return;
  app.addHook('onRequest', (request, _reply, done) => {
    const req = request.raw;
    // Injected requests (tests, light-my-request) ride on a stand-in socket with no byte count
    // and no destroy(): there is no connection to protect.
    if (req.socket instanceof Socket && hasBody(req) && !req.complete) watch(req, request.id);
    done();
  });

  function watch(req: IncomingMessage, reqId: string): void {
    const socket = req.socket;
    let seen = socket.bytesRead;
    const timer = setInterval(() => {
      if (req.complete || socket.destroyed) {
        stop();
        return;
      }
      const received = socket.bytesRead - seen;
      seen = socket.bytesRead;
      if (received >= rule.minBytes || req.readableLength > 0) return;
      stop();
      app.log.info(
        { reqId, received, windowMs: rule.windowMs },
        'request body stalled: closing the connection',
      );
      answerOnSocket(
        socket,
        'REQUEST_TIMEOUT',
        'The upload stalled. Please check your connection and try again.',
        headers,
      );
    }, rule.windowMs);
    timer.unref();
    const stop = () => {
      clearInterval(timer);
    };
    req.once('end', stop);
    req.once('close', stop);
  }
}

/** Whether a request says a body follows (a zero Content-Length says none does). */
export function hasBody(req: IncomingMessage): boolean {
  const length = Number(req.headers['content-length'] ?? 0);
  return length > 0 || req.headers['transfer-encoding'] !== undefined;
}
