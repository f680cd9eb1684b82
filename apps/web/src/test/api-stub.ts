import type { User } from '@pbshare/shared';
import { vi } from 'vitest';

export interface StubRequest {
  method: string;
  path: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/** Answers one call: an envelope's data (status 200), or a full Response. */
export type StubHandler = (request: StubRequest) => Response | Promise<Response>;

export const testUser: User = {
  id: 'u1',
  email: 'ada@example.com',
  displayName: 'ada',
  profileImage: null,
  bio: 'Lifts things.',
  emailVerified: true,
  subscription_tier: 'free',
};

/** A JSON answer, as a fetch stand-in returns it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function ok(data: unknown, message = 'ok', status = 200): Response {
  return jsonResponse({ success: true, message, data, status }, status);
}

export function fail(status: number, code: string, message: string, issues: unknown[] = []) {
  return jsonResponse({ success: false, message, data: null, status, code, issues }, status);
}

/** The URL a fetch call went to. */
export function urlOf(input: RequestInfo | URL): URL {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(href, 'http://localhost');
}

/** The JSON body a fetch call sent. */
export function jsonBodyOf(call: Parameters<typeof fetch> | undefined): unknown {
  const body = call?.[1]?.body;
  return typeof body === 'string' ? (JSON.parse(body) as unknown) : undefined;
}

const appConfig = {
  productName: 'PBShare',
  publicOrigin: 'http://localhost',
  supportEmail: 'help@example.test',
  privacyEmail: 'privacy@example.test',
  payments: 'demo',
};

/**
 * Replaces the global fetch with a table of handlers keyed 'METHOD /v1/path'. Unlisted calls get
 * the app config for /v1/app-config and a 404 envelope otherwise. Returns the mock to inspect calls.
 */
export function stubApi(handlers: Record<string, StubHandler> = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    let body: unknown = init?.body;
    if (typeof body === 'string') body = JSON.parse(body) as unknown;
    const handler = handlers[`${method} ${url.pathname}`];
    if (handler) return handler({ method, path: url.pathname, url, headers, body });
    if (url.pathname === '/v1/app-config') return ok(appConfig);
    return fail(404, 'NOT_FOUND', `No stub for ${method} ${url.pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls made to one 'METHOD /v1/path'. */
export function callsTo(fetchMock: ReturnType<typeof stubApi>, key: string) {
  return fetchMock.mock.calls.filter(([input, init]) => {
    const url = urlOf(input);
    return `${init?.method ?? 'GET'} ${url.pathname}` === key;
  });
}
