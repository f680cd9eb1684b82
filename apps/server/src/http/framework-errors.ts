import type { Socket } from 'node:net';
import type { ErrorCode } from '@pbshare/shared';
import type {
  ConnectionError,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import { STATUS_BY_CODE } from '../errors/app-error.js';
import { failure } from './envelope.js';
import { INTERNAL_MESSAGE } from './error-handler.js';
import { answerOnSocket } from './raw-answer.js';
import { applySecurityHeaders, type SecurityHeaders } from './security.js';

interface Answer {
  code: ErrorCode;
  message: string;
}

// Never the URL itself: it is whatever the client typed, and an over-long one is the problem.
const ROUTER_ANSWERS: Readonly<Record<string, Answer>> = {
  FST_ERR_BAD_URL: { code: 'BAD_REQUEST', message: 'That address is not valid.' },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'URI_TOO_LONG', message: 'That address is too long.' },
};

/**
 * Fastify's `frameworkErrors`: the router's refusals (a bad %-escape, a path parameter over the
 * router's 100-character limit). They are answered before any hook runs, so the security headers
 * and request id are written here rather than left to the onRequest hooks.
 */
export function makeFrameworkErrorHandler(headers: SecurityHeaders) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const known = error.code ? ROUTER_ANSWERS[error.code] : undefined;
    if (!known) request.log.error({ err: error }, 'unexpected framework error');
    const { code, message } = known ?? { code: 'INTERNAL_ERROR', message: INTERNAL_MESSAGE };
    const status = STATUS_BY_CODE[code];
    applySecurityHeaders(reply.raw, headers);
    void reply
      .code(status)
      .header('x-request-id', request.id)
      .send(failure(status, code, message));
  };
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before there is a request (an
 * unknown method, a malformed request line, headers over 16 KB) and Node's own header and request
 * timeouts. The default writes a bare JSON body without our envelope or headers. Fastify calls it
 * with the app as `this`.
 */
export function makeClientErrorHandler(headers: SecurityHeaders) {
  return function answerClientError(
    this: FastifyInstance,
    error: ConnectionError,
    socket: Socket,
  ): void {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const answer = clientErrorAnswer(error.code);
    this.log.debug({ code: error.code, answer: answer.code }, 'refused a connection');
    answerOnSocket(socket, answer.code, answer.message, headers);
  };
}

function clientErrorAnswer(nodeCode: string): Answer {
  if (nodeCode === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      code: 'REQUEST_TIMEOUT',
      message: 'The request took too long to arrive. Please try again.',
    };
  }
  if (nodeCode === 'HPE_HEADER_OVERFLOW') {
    return { code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large.' };
  }
  return { code: 'BAD_REQUEST', message: 'The request could not be understood.' };
}
