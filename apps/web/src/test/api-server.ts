import { File as NodeFile } from 'node:buffer';

import { http, type HttpResponseResolver } from 'msw';
import { setupServer } from 'msw/node';

import { fail, ok } from './api-envelopes';

/** A request the app made, as the tests look at it: read once, body included. */
export interface StubRequest {
  method: string;
  /** The URL's path, without the query ('/v1/pbs'). */
  path: string;
  url: URL;
  headers: Headers;
  credentials: RequestCredentials;
  keepalive: boolean;
  /** Parsed JSON, FormData for a multipart body, text otherwise; undefined when there is none. */
  body: unknown;
}

/** Answers one request with a Response (an envelope from api-envelopes.ts, or any other). */
export type StubHandler = (request: StubRequest) => Response | Promise<Response>;

const appConfig = {
  productName: 'PBShare',
  publicOrigin: 'http://localhost',
  supportEmail: 'help@example.test',
  privacyEmail: 'privacy@example.test',
  payments: 'demo',
};

/** The requests since the last `startRecording`, in the order they were made. */
let recording: StubRequest[] = [];
/** The requests in flight, by MSW's request id. */
const inFlight = new Map<string, StubRequest>();
/** Each recorded request, once its body is read. */
const reads = new WeakMap<StubRequest, Promise<StubRequest>>();

/**
 * The Mock Service Worker server of the web tests, listening from setup.ts: it catches fetch and
 * XMLHttpRequest alike. Unless a test says otherwise (`stubApi`), /v1/app-config answers the app
 * config and any other /v1 call a 404 envelope; a call outside /v1 is an error.
 */
export const apiServer = setupServer(
  http.get(
    '/v1/app-config',
    answerWith(() => ok(appConfig)),
  ),
  http.all(
    '/v1/*',
    answerWith(({ method, path }) => fail(404, 'NOT_FOUND', `No stub for ${method} ${path}`)),
  ),
);

// Recorded as the request starts, so a test sees a call whose answer is still pending; the body
// is read at once and every answer waits for it (`answerWith`), so a test that saw the answer
// also sees the body that was sent.
apiServer.events.on('request:start', ({ request, requestId }) => {
  const seen = describeRequest(request);
  recording.push(seen);
  inFlight.set(requestId, seen);
  reads.set(seen, withBody(seen, request));
});

/**
 * Starts a new list of the requests to come and returns it: the list fills as requests arrive,
 * and an earlier list keeps what it had.
 */
export function startRecording(): StubRequest[] {
  recording = [];
  return recording;
}

/** A recorded request once its body is read. */
export function whenRead(seen: StubRequest): Promise<StubRequest> {
  return reads.get(seen) ?? Promise.resolve(seen);
}

/** An MSW resolver that gives the stub handler the request with its body read. */
export function answerWith(handler: StubHandler): HttpResponseResolver {
  return async ({ request, requestId }) => {
    const seen = inFlight.get(requestId);
    inFlight.delete(requestId);
    return handler(await (seen ? whenRead(seen) : withBody(describeRequest(request), request)));
  };
}

function describeRequest(request: Request): StubRequest {
  const url = new URL(request.url);
  return {
    method: request.method,
    path: url.pathname,
    url,
    // Copied entry by entry: Headers built straight from the headers MSW gives an XMLHttpRequest
    // lose the ones set with setRequestHeader.
    headers: new Headers([...request.headers]),
    credentials: request.credentials,
    keepalive: request.keepalive,
    body: undefined,
  };
}

async function withBody(seen: StubRequest, request: Request): Promise<StubRequest> {
  seen.body = await readBody(request.clone());
  return seen;
}

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('Content-Type') ?? '';
  if (type.startsWith('multipart/form-data')) return parseForm(request);
  const text = await request.text();
  if (text === '' || !type.includes('json')) return text === '' ? undefined : text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not JSON after all: the test sees what was sent.
    return text;
  }
}

/**
 * Node 24's fetch parses a multipart body into files made with the global `File`, then asserts
 * they are its own (Node's) kind; under jsdom the global is jsdom's. Node's is put back for the
 * parse only; the test's own files stay jsdom's, which its inputs require.
 */
async function parseForm(request: Request): Promise<FormData> {
  const jsdomFile = globalThis.File;
  globalThis.File = NodeFile as unknown as typeof File;
  try {
    return await request.formData();
  } finally {
    globalThis.File = jsdomFile;
  }
}
