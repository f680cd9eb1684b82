import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode, FieldIssue } from '@pbshare/shared';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors/app-error.js';
import { failure } from './envelope.js';
import { isNulRefusal, NUL_MESSAGE } from './nul-guard.js';

export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

const CODE_BY_CLIENT_STATUS: Readonly<Record<number, ErrorCode>> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};

/** Fastify's body-parser refusals, reworded for people (its own messages name its internals). */
const UNREADABLE_BODY = 'The request body could not be read.';
const BODY_PARSER_MESSAGES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This kind of content is not accepted here.',
  FST_ERR_CTP_INVALID_JSON_BODY: UNREADABLE_BODY,
  FST_ERR_CTP_EMPTY_JSON_BODY: UNREADABLE_BODY,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: UNREADABLE_BODY,
};

/**
 * The single place that turns a thrown error into an answer. Expected errors (AppError, input
 * validation, Fastify's own 4xx such as a malformed JSON body) keep their status; anything else is
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

    if (isNulRefusal(error)) {
      return reply.code(400).send(failure(400, 'VALIDATION_ERROR', NUL_MESSAGE));
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = CODE_BY_CLIENT_STATUS[status] ?? 'BAD_REQUEST';
      const message = BODY_PARSER_MESSAGES[error.code] ?? error.message;
      return reply.code(status).send(failure(status, code, message));
    }

    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(failure(500, 'INTERNAL_ERROR', INTERNAL_MESSAGE));
  });
}

/**
 * Paths owned by the API, the media store or the preview images answer a JSON 404; the rest
 * belongs to the web app.
 */
export function isApiPath(url: string): boolean {
  return /^\/(v1|media|previews)(\/|\?|$)/.test(url);
}

export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0] ?? request.url;
  return reply
    .code(404)
    .send(failure(404, 'NOT_FOUND', `No such endpoint: ${request.method} ${path}`));
}
