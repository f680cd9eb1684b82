import { describe, expect, it, vi } from 'vitest';

import {
  fail,
  inTurn,
  networkError,
  ok,
  stubApi,
  testUser,
  type StubHandler,
} from '@/test/api-stub';
import { expectApiError } from '@/test/expect-api-error';
import { refreshed, sessionOver, storeWith } from '@/test/test-session';
import {
  createApiClient,
  FORBIDDEN_SESSION_MESSAGE,
  isSessionlessAuthCall,
  REFRESH_FAILED_MESSAGE,
} from './api-client';

/**
 * A signed-in client over the stand-in API: each 'METHOD /path' answers with its answers in turn
 * (the last one repeats). `seen` lists the calls made, each with the Bearer header it carried.
 */
function setup(answers: Record<string, StubHandler>, initialToken: string | null = 'old-token') {
  const store = storeWith(initialToken);
  const session = sessionOver(store);
  const requests = stubApi(answers);
  const client = createApiClient({ session });
  const seen = () =>
    requests.map(({ method, path, headers }) => ({
      key: `${method} ${path}`,
      auth: headers.get('Authorization'),
    }));
  return { client, session, requests, seen, token: () => store.getToken() };
}

const expired = () => fail(401, 'UNAUTHORIZED', 'Your session has expired. Please sign in again.');

describe('api client session handling', () => {
  it('sends the stored token as a Bearer header, but none on sign-in and the other open auth calls', async () => {
    const { client, seen } = setup({
      'GET /v1/users/profile': () => ok(testUser),
      'POST /v1/auth/login': () => ok({ accessToken: 't', user: testUser }),
    });

    await client.get('/users/profile');
    await client.post('/auth/login', { email: 'a@b.co', password: 'x' });

    expect(seen()).toEqual([
      { key: 'GET /v1/users/profile', auth: 'Bearer old-token' },
      { key: 'POST /v1/auth/login', auth: null },
    ]);
  });

  it('tells the open auth calls from the signed-in ones', () => {
    for (const path of [
      '/auth/login',
      '/auth/login/second-step',
      '/auth/passkeys/sign-in',
      'auth/register',
      '/auth/refresh',
      '/auth/verify?token=1',
    ]) {
      expect(isSessionlessAuthCall(path)).toBe(true);
    }
    for (const path of [
      '/auth/change-password',
      '/auth/sessions',
      '/auth/sessions/sign-out-others',
      '/auth/two-step/setup',
      '/auth/passkeys',
      '/auth/passkeys/registration-options',
      '/users/profile',
      '/users',
      '/pbs',
    ]) {
      expect(isSessionlessAuthCall(path)).toBe(false);
    }
  });

  it('on a 401 UNAUTHORIZED refreshes once, stores the new token and retries once', async () => {
    const { client, session, seen } = setup({
      'GET /v1/users/profile': inTurn(expired(), ok(testUser)),
      'POST /v1/auth/refresh': () => refreshed(),
    });

    await expect(client.get('/users/profile')).resolves.toEqual(testUser);

    expect(session.onRefreshed).toHaveBeenCalledWith('new-token');
    expect(session.onSessionEnded).not.toHaveBeenCalled();
    expect(seen()).toEqual([
      { key: 'GET /v1/users/profile', auth: 'Bearer old-token' },
      { key: 'POST /v1/auth/refresh', auth: null },
      { key: 'GET /v1/users/profile', auth: 'Bearer new-token' },
    ]);
  });

  it('retries a multipart body as it was', async () => {
    const { client, requests } = setup({
      'PUT /v1/users': inTurn(expired(), ok(testUser)),
      'POST /v1/auth/refresh': () => refreshed(),
    });
    const form = new FormData();
    form.set('displayName', 'ada');

    await expect(client.put('/users', form)).resolves.toEqual(testUser);

    const puts = requests.filter(({ method }) => method === 'PUT');
    expect(puts).toHaveLength(2);
    expect(puts.map(({ body }) => Object.fromEntries(body as FormData))).toEqual([
      { displayName: 'ada' },
      { displayName: 'ada' },
    ]);
  });

  it('does not refresh on a wrong current password: that 401 is an answer, not an expired session', async () => {
    const { client, session, seen } = setup({
      'PUT /v1/auth/change-password': () =>
        fail(401, 'INVALID_CREDENTIALS', 'Your current password is not correct.'),
    });

    await expectApiError(
      client.put('/auth/change-password', { currentPassword: 'x', newPassword: 'yyyyyy' }),
      {
        status: 401,
        code: 'INVALID_CREDENTIALS',
        message: 'Your current password is not correct.',
      },
    );
    expect(seen().map((s) => s.key)).toEqual(['PUT /v1/auth/change-password']);
    expect(session.onSessionEnded).not.toHaveBeenCalled();
  });

  it('refreshes for change-password too when its access token has expired', async () => {
    const { client, seen } = setup({
      'PUT /v1/auth/change-password': inTurn(expired(), ok(null, 'Password updated successfully!')),
      'POST /v1/auth/refresh': () => refreshed(),
    });

    await client.put('/auth/change-password', { currentPassword: 'x', newPassword: 'yyyyyy' });

    expect(seen().at(-1)).toEqual({
      key: 'PUT /v1/auth/change-password',
      auth: 'Bearer new-token',
    });
  });

  // Their 401 and 403 are the server's answer to the sign-in itself, not to a stale session.
  it.each([
    [
      'never refreshes for the open auth calls',
      401,
      'INVALID_CREDENTIALS',
      'Invalid email or password. Please try again.',
    ],
    [
      'lets a 403 from an open auth call through as it is (an unverified sign-in)',
      403,
      'EMAIL_NOT_VERIFIED',
      'Please verify your email before signing in.',
    ],
  ])('%s', async (_title, status, code, message) => {
    const { client, session, seen } = setup({
      'POST /v1/auth/login': () => fail(status, code, message),
    });

    await expect(client.post('/auth/login', {})).rejects.toMatchObject({ code, message });
    expect(seen().map((s) => s.key)).toEqual(['POST /v1/auth/login']);
    expect(session.onSessionEnded).not.toHaveBeenCalled();
  });

  it('ends the session when the refresh is refused, without retrying the call', async () => {
    const { client, session, seen, token } = setup({
      'GET /v1/users/profile': () => expired(),
      'POST /v1/auth/refresh': () =>
        fail(401, 'UNAUTHORIZED', 'Session expired, please log in again.'),
    });

    await expectApiError(client.get('/users/profile'), { message: REFRESH_FAILED_MESSAGE });
    expect(session.onSessionEnded).toHaveBeenCalledTimes(1);
    expect(token()).toBeNull();
    expect(seen().map((s) => s.key)).toEqual(['GET /v1/users/profile', 'POST /v1/auth/refresh']);
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    const { client, session } = setup({
      'GET /v1/users/profile': () => expired(),
      'POST /v1/auth/refresh': () => networkError(),
    });

    await expect(client.get('/users/profile')).rejects.toMatchObject({ status: 0 });
    expect(session.onSessionEnded).not.toHaveBeenCalled();
  });

  it('ends the session when the retried call is refused again', async () => {
    const { client, session } = setup({
      'GET /v1/users/profile': () => expired(),
      'POST /v1/auth/refresh': () => refreshed(),
    });

    await expect(client.get('/users/profile')).rejects.toMatchObject({
      message: REFRESH_FAILED_MESSAGE,
    });
    expect(session.onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('on a 403 clears the session and rejects with the spec message, without refreshing', async () => {
    const { client, session, seen, token } = setup({
      'GET /v1/pbs': () => fail(403, 'FORBIDDEN', 'Not yours'),
    });

    await expectApiError(client.get('/pbs'), { status: 403, message: FORBIDDEN_SESSION_MESSAGE });
    expect(session.onSessionEnded).toHaveBeenCalledTimes(1);
    expect(token()).toBeNull();
    expect(seen().map((s) => s.key)).toEqual(['GET /v1/pbs']);
  });

  it('shares one refresh between calls that fail together', async () => {
    let releaseRefresh: () => void = () => undefined;
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const { client, seen } = setup({
      'GET /v1/users/profile': inTurn(expired(), expired(), ok(testUser)),
      'GET /v1/pbs': inTurn(expired(), ok([])),
      'POST /v1/auth/refresh': async () => {
        await refreshGate;
        return refreshed();
      },
    });
    const refreshes = () => seen().filter((s) => s.key === 'POST /v1/auth/refresh');

    const calls = Promise.all([
      client.get('/users/profile'),
      client.get('/users/profile'),
      client.get('/pbs'),
    ]);
    await vi.waitFor(() => {
      expect(refreshes()).toHaveLength(1);
    });
    releaseRefresh();

    await expect(calls).resolves.toEqual([testUser, testUser, []]);
    expect(refreshes()).toHaveLength(1);
    const retries = seen().slice(-3);
    expect(retries.every((s) => s.auth === 'Bearer new-token')).toBe(true);
  });

  it('retries with a token another call already refreshed instead of refreshing again', async () => {
    const { client, seen } = setup({
      'GET /v1/users/profile': ({ headers }) => {
        if (headers.get('Authorization') !== 'Bearer old-token') return ok(testUser);
        // Meanwhile another tab, sharing the storage, refreshed the session.
        storeWith('fresh-from-elsewhere');
        return expired();
      },
    });

    await expect(client.get('/users/profile')).resolves.toEqual(testUser);
    expect(seen()).toEqual([
      { key: 'GET /v1/users/profile', auth: 'Bearer old-token' },
      { key: 'GET /v1/users/profile', auth: 'Bearer fresh-from-elsewhere' },
    ]);
  });
});
