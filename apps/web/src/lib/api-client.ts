import {
  AUTH_MESSAGES,
  DEFAULT_ERROR_MESSAGE,
  DEFAULT_SUCCESS_MESSAGE,
  type ErrorCode,
  type FieldIssue,
} from '@pbshare/shared';
import type { RunExclusive } from './session-refresh-lock';

/** Every /v1 call goes through here. */
export const API_BASE_PATH = '/v1';

export const NETWORK_ERROR_MESSAGE =
  'Could not reach PBShare. Check your connection and try again.';
/** The refresh was refused: the session is over (docs/PRODUCT.md §8). */
export const REFRESH_FAILED_MESSAGE = AUTH_MESSAGES.sessionExpired;
/** A 403 on a signed-in call (docs/PRODUCT.md §4). */
export const FORBIDDEN_SESSION_MESSAGE = 'Session expired. Please log in again.';

/** A failed call: the HTTP status, the server's machine-readable code and its message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode | undefined;
  readonly issues: FieldIssue[];

  constructor(
    message: string,
    { status, code, issues = [] }: { status: number; code?: ErrorCode; issues?: FieldIssue[] },
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as multipart when it is FormData. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: HeadersInit;
  signal?: AbortSignal;
  /** Lets the request outlive the page (sent as the page is hidden or left). */
  keepalive?: boolean;
  /** Checks and narrows the envelope's data (e.g. a zod schema's `parse`); unchecked otherwise. */
  parse?: (data: unknown) => T;
}

/**
 * How the client takes part in the signed-in session. Without it the client sends no token and
 * never refreshes.
 */
export interface SessionHandlers {
  /** The access token to send as `Authorization: Bearer`, if any. */
  getAccessToken: () => string | null;
  /**
   * The access token in a successful refresh's data; throws when the data is not a session. A
   * handler rather than a schema here, so this module (which the public page uses too) carries
   * no schema code.
   */
  readAccessToken: (refreshData: unknown) => string;
  /** A refresh succeeded: keep the new access token. */
  onRefreshed: (accessToken: string) => void;
  /** The session is over (refresh refused, a 403): forget the token. */
  onSessionEnded: () => void;
  /**
   * Runs the refresh so that no other tab refreshes at the same time (`session-refresh-lock.ts`);
   * without it the refresh just runs.
   */
  runExclusive?: RunExclusive;
}

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Runs before every request, after the Bearer header is set. */
  prepareHeaders?: (headers: Headers) => void | Promise<void>;
  session?: SessionHandlers;
}

/** Options of the method shorthands, which set the method (and the body) themselves. */
type CallOptions<T> = Omit<RequestOptions<T>, 'method' | 'body'>;
/** A shorthand for a method without a body (GET, DELETE). */
type BodilessCall = <T = unknown>(path: string, options?: CallOptions<T>) => Promise<T>;
/** A shorthand for a method with a JSON (or FormData) body. */
type BodyCall = <T = unknown>(path: string, body?: unknown, options?: CallOptions<T>) => Promise<T>;

export interface ApiClient {
  request<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  get: BodilessCall;
  post: BodyCall;
  put: BodyCall;
  patch: BodyCall;
  delete: BodilessCall;
  /**
   * Runs a call made by other means (an XMLHttpRequest upload) under the same session rules as
   * `request`: `attempt` gets the token to send and rejects with an ApiError; a 401 UNAUTHORIZED
   * refreshes once (sharing any refresh in flight) and retries once, a 403 ends the session.
   */
  withSession<T>(path: string, attempt: (accessToken: string | null) => Promise<T>): Promise<T>;
  /** The full URL of an API path, as `request` would call it. */
  url(path: string, query?: Record<string, QueryValue>): string;
}

export interface RawEnvelope {
  success?: unknown;
  message?: unknown;
  data?: unknown;
  status?: unknown;
  code?: unknown;
  issues?: unknown;
}

/**
 * The /auth calls that work without a session: signing in (a password, its second step, a
 * passkey), signing up, refreshing, signing out and the mailed links. They send no Bearer token
 * and a 401 from them is an answer, never a reason to refresh. Every other call, /auth ones such
 * as the devices, passkeys and two-step settings included, is signed in.
 */
const SESSIONLESS_AUTH_CALLS: ReadonlySet<string> = new Set([
  '/auth/login',
  '/auth/login/second-step',
  '/auth/passkeys/sign-in-options',
  '/auth/passkeys/sign-in',
  '/auth/register',
  '/auth/verify',
  '/auth/refresh',
  '/auth/logout',
  '/auth/resend-verification',
  '/auth/forgot-password',
  '/auth/reset-password',
]);

export function isSessionlessAuthCall(path: string): boolean {
  const pathname = `/${path.replace(/^\/+/, '')}`.split('?')[0] ?? '';
  return SESSIONLESS_AUTH_CALLS.has(pathname);
}

function isExpiredAccess(error: unknown): error is ApiError {
  return isApiError(error) && error.status === 401 && error.code === 'UNAUTHORIZED';
}

function isForbidden(error: unknown): error is ApiError {
  return isApiError(error) && error.status === 403;
}

export function createApiClient({
  baseUrl = API_BASE_PATH,
  fetch: fetchImpl,
  prepareHeaders,
  session,
}: ApiClientOptions = {}): ApiClient {
  /**
   * One refresh at a time in this tab, and with `runExclusive` across tabs: the server revokes
   * the whole session when a rotated refresh token comes back outside its short grace window.
   */
  let refreshing: Promise<string> | null = null;

  function refreshSession(handlers: SessionHandlers, failedToken: string | null): Promise<string> {
    const run = handlers.runExclusive ?? ((task) => task());
    refreshing ??= run(async () => {
      // Another tab may have refreshed while this one waited for its turn: use its token.
      const current = handlers.getAccessToken();
      if (current !== null && current !== failedToken) return current;
      const accessToken = handlers.readAccessToken(
        await send('/auth/refresh', { method: 'POST' }, null),
      );
      handlers.onRefreshed(accessToken);
      return accessToken;
    })
      .catch((error: unknown) => {
        // No answer, or the server failing, says nothing about the session: keep it for a retry.
        if (isApiError(error) && (error.status === 0 || error.status >= 500)) throw error;
        handlers.onSessionEnded();
        throw new ApiError(REFRESH_FAILED_MESSAGE, { status: 401, code: 'UNAUTHORIZED' });
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  /**
   * A signed-in call: on a 401 UNAUTHORIZED (the access token is missing, expired or revoked)
   * refresh once and retry once; a 403 ends the session. Other 401s, such as a wrong current
   * password, are answers to show.
   */
  function request<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    return withSession(path, (accessToken) => send(path, options, accessToken));
  }

  async function withSession<T>(
    path: string,
    attempt: (accessToken: string | null) => Promise<T>,
  ): Promise<T> {
    if (!session || isSessionlessAuthCall(path)) return attempt(null);

    const sentToken = session.getAccessToken();
    try {
      return await attempt(sentToken);
    } catch (error) {
      if (isForbidden(error)) throw endSession(session, error);
      if (!isExpiredAccess(error)) throw error;
    }

    // Another call may have refreshed while this one was on the wire: use its token.
    const current = session.getAccessToken();
    const token =
      current !== null && current !== sentToken
        ? current
        : await refreshSession(session, sentToken);
    try {
      return await attempt(token);
    } catch (error) {
      if (isForbidden(error)) throw endSession(session, error);
      if (isExpiredAccess(error)) {
        session.onSessionEnded();
        throw new ApiError(REFRESH_FAILED_MESSAGE, { status: 401, code: 'UNAUTHORIZED' });
      }
      throw error;
    }
  }

  function endSession(handlers: SessionHandlers, error: ApiError): ApiError {
    handlers.onSessionEnded();
    return new ApiError(FORBIDDEN_SESSION_MESSAGE, { status: error.status, code: error.code });
  }

  async function send<T>(
    path: string,
    options: RequestOptions<T>,
    accessToken: string | null,
  ): Promise<T> {
    const { method = 'GET', body, query, signal, keepalive, parse } = options;
    const headers = new Headers(options.headers);
    headers.set('Accept', 'application/json');
    if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);

    let payload: BodyInit | undefined;
    if (body instanceof FormData) {
      // The browser sets the multipart boundary itself.
      payload = body;
    } else if (body !== undefined) {
      headers.set('Content-Type', 'application/json');
      payload = JSON.stringify(body);
    }
    await prepareHeaders?.(headers);

    let response: Response;
    try {
      // Resolved at call time so tests (and later wrappers) can replace the global fetch.
      response = await (fetchImpl ?? globalThis.fetch)(buildUrl(baseUrl, path, query), {
        method,
        headers,
        body: payload,
        signal,
        credentials: 'include',
        ...(keepalive ? { keepalive } : {}),
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError(NETWORK_ERROR_MESSAGE, { status: 0 });
    }

    // A body cut off mid-read counts as no envelope, like a body that is not JSON.
    const text = await response.text().catch(() => '');
    return settleEnvelope(response, readEnvelope(response.status, text), parse);
  }

  return {
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => request(path, { ...options, method: 'PUT', body }),
    patch: (path, body, options) => request(path, { ...options, method: 'PATCH', body }),
    delete: (path, options) => request(path, { ...options, method: 'DELETE' }),
    withSession,
    url: (path, query) => buildUrl(baseUrl, path, query),
  };
}

/** The HTTP side of an answer that the envelope rules need. */
export interface AnswerStatus {
  ok: boolean;
  status: number;
}

/**
 * An answer's envelope (already read from JSON; undefined when the body was not an object) as
 * the envelope's data, or the ApiError it stands for. Shared by fetch calls and XHR uploads.
 */
export function settleEnvelope<T>(
  response: AnswerStatus,
  envelope: RawEnvelope | undefined,
  parse?: (data: unknown) => T,
): T {
  const success = typeof envelope?.success === 'boolean' ? envelope.success : true;
  if (!response.ok || !success || envelope === undefined) {
    throw toApiError(response, envelope);
  }
  return parse ? parse(envelope.data) : (envelope.data as T);
}

/** The message an envelope carries, with the spec's default for a success that names none. */
export function envelopeMessage(
  envelope: { message?: unknown },
  fallback = DEFAULT_SUCCESS_MESSAGE,
) {
  return typeof envelope.message === 'string' && envelope.message !== ''
    ? envelope.message
    : fallback;
}

function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const url = `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/**
 * An answer's body as an envelope: undefined when it is not a JSON object. Shared by fetch calls
 * and XHR uploads.
 */
export function readEnvelope(status: number, body: string): RawEnvelope | undefined {
  if (status === 204) return { data: undefined };
  try {
    const json: unknown = JSON.parse(body);
    return typeof json === 'object' && json !== null ? json : undefined;
  } catch {
    // Not JSON: a proxy's error page, an empty body.
    return undefined;
  }
}

function toApiError(response: AnswerStatus, envelope: RawEnvelope | undefined): ApiError {
  const status =
    typeof envelope?.status === 'number' && envelope.status >= 400
      ? envelope.status
      : response.ok
        ? 500
        : response.status;
  const code = typeof envelope?.code === 'string' ? (envelope.code as ErrorCode) : undefined;
  const issues = Array.isArray(envelope?.issues) ? (envelope.issues as FieldIssue[]) : [];
  const message = envelope
    ? envelopeMessage(envelope, DEFAULT_ERROR_MESSAGE)
    : DEFAULT_ERROR_MESSAGE;
  return new ApiError(message, { status, code, issues });
}
