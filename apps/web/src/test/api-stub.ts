import type { User } from '@pbshare/shared';
import { http } from 'msw';
import { vi } from 'vitest';

import {
  answerWith,
  apiServer,
  startRecording,
  whenRead,
  type StubHandler,
  type StubRequest,
} from './api-server';

export { fail, jsonResponse, networkError, ok } from './api-envelopes';
export type { StubHandler, StubRequest } from './api-server';

export const testUser: User = {
  id: 'u1',
  email: 'ada@example.com',
  displayName: 'ada',
  profileImage: null,
  bio: 'Lifts things.',
  emailVerified: true,
  subscription_tier: 'free',
};

/**
 * Answers calls keyed 'METHOD /v1/path' (the exact path; the query is the handler's to read) with
 * these handlers, in place of those of an earlier call. Unlisted calls get the server's defaults:
 * the app config for /v1/app-config and a 404 envelope otherwise (api-server.ts). Returns the
 * requests made from now on, a list that fills as they arrive.
 */
export function stubApi(handlers: Record<string, StubHandler> = {}): StubRequest[] {
  apiServer.resetHandlers();
  apiServer.use(...Object.entries(handlers).map(([key, handler]) => route(key, handler)));
  return startRecording();
}

function route(key: string, handler: StubHandler) {
  const [method, path] = key.split(' ');
  return http.all(
    ({ request }) => request.method === method && new URL(request.url).pathname === path,
    answerWith(handler),
  );
}

/** The requests made to one 'METHOD /v1/path'. */
export function callsTo(requests: readonly StubRequest[], key: string): StubRequest[] {
  return requests.filter(({ method, path }) => `${method} ${path}` === key);
}

/**
 * The request made to 'METHOD /v1/path' (the first by default), once it has gone and its body is
 * read: for looking at a call whose answer is still to come.
 */
export async function sentTo(
  requests: readonly StubRequest[],
  key: string,
  index = 0,
): Promise<StubRequest> {
  const seen = await vi.waitFor(() => {
    const call = callsTo(requests, key)[index];
    if (!call) throw new Error(`No call to ${key} yet`);
    return call;
  });
  return whenRead(seen);
}

/** The JSON body a request sent. */
export function jsonBodyOf(request: StubRequest | undefined): unknown {
  return request?.body;
}

/** Answers each call with the next answer in turn; the last one repeats. */
export function inTurn(...answers: (Response | StubHandler)[]): StubHandler {
  let next = 0;
  return (request) => {
    const answer = answers[Math.min(next, answers.length - 1)];
    next += 1;
    if (answer === undefined) throw new Error('inTurn needs at least one answer');
    return typeof answer === 'function' ? answer(request) : answer.clone();
  };
}
