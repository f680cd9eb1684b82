import { DEFAULT_ERROR_MESSAGE, type ErrorCode, type FieldIssue } from '@pbshare/shared';

/** Every /v1 call goes through here. */
export const API_BASE_PATH = '/v1';

const DEFAULT_SUCCESS_MESSAGE = 'Request successful';
const NETWORK_ERROR_MESSAGE = 'Could not reach PBShare. Check your connection and try again.';

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
  /** Checks and narrows the envelope's data (e.g. a zod schema's `parse`); unchecked otherwise. */
  parse?: (data: unknown) => T;
}

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  /**
   * Runs before every request. The accounts work adds the Bearer token here; a 401 refresh-and-retry
   * belongs in a wrapper around `request`.
   */
  prepareHeaders?: (headers: Headers) => void | Promise<void>;
}

export interface ApiClient {
  request<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  get<T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>): Promise<T>;
  post<T = unknown>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions<T>, 'method' | 'body'>,
  ): Promise<T>;
  put<T = unknown>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions<T>, 'method' | 'body'>,
  ): Promise<T>;
  patch<T = unknown>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions<T>, 'method' | 'body'>,
  ): Promise<T>;
  delete<T = unknown>(
    path: string,
    options?: Omit<RequestOptions<T>, 'method' | 'body'>,
  ): Promise<T>;
}

interface RawEnvelope {
  success?: unknown;
  message?: unknown;
  data?: unknown;
  status?: unknown;
  code?: unknown;
  issues?: unknown;
}

export function createApiClient({
  baseUrl = API_BASE_PATH,
  fetch: fetchImpl,
  prepareHeaders,
}: ApiClientOptions = {}): ApiClient {
  async function request<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    const { method = 'GET', body, query, signal, parse } = options;
    const headers = new Headers(options.headers);
    headers.set('Accept', 'application/json');

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
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError(NETWORK_ERROR_MESSAGE, { status: 0 });
    }

    const envelope = await readEnvelope(response);
    const success = typeof envelope?.success === 'boolean' ? envelope.success : true;
    if (!response.ok || !success || envelope === undefined) {
      throw toApiError(response, envelope);
    }
    return parse ? parse(envelope.data) : (envelope.data as T);
  }

  return {
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => request(path, { ...options, method: 'PUT', body }),
    patch: (path, body, options) => request(path, { ...options, method: 'PATCH', body }),
    delete: (path, options) => request(path, { ...options, method: 'DELETE' }),
  };
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

async function readEnvelope(response: Response): Promise<RawEnvelope | undefined> {
  if (response.status === 204) return { data: undefined };
  try {
    const json: unknown = await response.json();
    return typeof json === 'object' && json !== null ? json : undefined;
  } catch {
    // Not JSON: a proxy's error page, an empty body.
    return undefined;
  }
}

function toApiError(response: Response, envelope: RawEnvelope | undefined): ApiError {
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

/** The client the app uses. */
export const apiClient = createApiClient();
