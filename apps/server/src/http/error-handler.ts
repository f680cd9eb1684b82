import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode, FieldIssue } from '@pbshare/shared';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.js';
import { failure } from './envelope.js';

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

const CODE_BY_CLIENT_STATUS: Readonly<Record<number, ErrorCode>> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/**
 * The single place that turns a thrown error into an answer. Expected errors (AppError, input
 * validation, Fastify's own 4xx such as a malformed JSON body) keep their message; anything else is
 * logged with the request id and answered as a 500 that reveals no stack, SQL or internal message.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) void reply.header('retry-after', error.retryAfterSeconds);
      return reply
        .code(error.status)
        .send(failure(error.status, error.code, error.message, error.issues));
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: FieldIssue[] = error.validation.map((v) => ({
        field:
          v.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          (error.validationContext ?? 'input'),
        message: v.message ?? 'Invalid value',
      }));
      const message =
        issues.length === 1 && issues[0]
          ? issues[0].message
          : 'Please check the highlighted fields.';
      return reply.code(400).send(failure(400, 'VALIDATION_ERROR', message, issues));
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = CODE_BY_CLIENT_STATUS[status] ?? 'BAD_REQUEST';
      return reply.code(status).send(failure(status, code, error.message));
    }

    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(failure(500, 'INTERNAL_ERROR', INTERNAL_MESSAGE));
  });
}

/** Paths owned by the API or the media store answer a JSON 404; the rest belongs to the web app. */
export function isApiPath(url: string): boolean {
  return /^\/(v1|media)(\/|\?|$)/.test(url);
}

export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0] ?? request.url;
  return reply
    .code(404)
    .send(failure(404, 'NOT_FOUND', `No such endpoint: ${request.method} ${path}`));
}
