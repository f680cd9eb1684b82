import type { ErrorCode, FieldIssue } from '@pbshare/shared';

/** The one status each error code answers with. */
export const STATUS_BY_CODE: Readonly<Record<ErrorCode, number>> = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 403,
  EMAIL_TAKEN: 409,
  USERNAME_TAKEN: 409,
  TOKEN_INVALID: 400,
  TOKEN_EXPIRED: 400,
  // 402, not 403: the web client treats any 403 as a dead session (docs/PRODUCT.md §4).
  FREE_LIMIT_REACHED: 402,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  REQUEST_TIMEOUT: 408,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  // A request with this Idempotency-Key is still running (or was cut off before it finished).
  IDEMPOTENCY_IN_PROGRESS: 409,
  // The key was first used for a different call.
  IDEMPOTENCY_KEY_REUSED: 422,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

/**
 * The error every service throws for an expected failure (a domain error: modules throw it, the
 * HTTP layer's one error handler turns it into an answer with the status above). Its message is shown to the user, so it
 * must be written for them; anything else that escapes a route is answered as a generic 500.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: FieldIssue[],
    /** For RATE_LIMITED: sent as the Retry-After header. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = STATUS_BY_CODE[code];
  }
}

/** What a request hears when its session, or its account, no longer exists. */
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

/** A 400 listing every problem by field; its message is the first problem's. */
export function validationError(issues: FieldIssue[], fallback: string): AppError {
  return new AppError('VALIDATION_ERROR', issues[0]?.message ?? fallback, issues);
}

/** A zod error's problems as field issues (nested paths joined with dots). */
export function issuesOf(error: {
  issues: { path: PropertyKey[]; message: string }[];
}): FieldIssue[] {
  return error.issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message }));
}
