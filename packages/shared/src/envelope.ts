import { z } from 'zod';

/**
 * Every /v1 answer, errors included, has this shape (docs/PRODUCT.md §10). `code` is present on
 * errors only; `issues` lists field-level problems of a rejected input.
 */
export interface ApiEnvelope<T> {
  success: boolean;
  message: string;
  data: T;
  status: number;
  code?: ErrorCode;
  issues?: FieldIssue[];
}

export interface FieldIssue {
  field: string;
  message: string;
}

/** Machine-readable error codes. The server maps each to one HTTP status. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'EMAIL_TAKEN',
  'USERNAME_TAKEN',
  'TOKEN_INVALID',
  'TOKEN_EXPIRED',
  'FREE_LIMIT_REACHED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'GONE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'REQUEST_TIMEOUT',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  'IDEMPOTENCY_IN_PROGRESS',
  'IDEMPOTENCY_KEY_REUSED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const DEFAULT_SUCCESS_MESSAGE = 'Request successful';
export const DEFAULT_ERROR_MESSAGE = 'An error occurred';

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.boolean(),
    message: z.string(),
    data,
    status: z.number().int(),
    code: z.enum(ERROR_CODES).optional(),
    issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  });
}
