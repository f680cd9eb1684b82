import { describe, expect, it, vi } from 'vitest';

import { fail, ok, testUser, urlOf } from '@/test/api-stub';
import {
  ApiError,
  createApiClient,
  FORBIDDEN_SESSION_MESSAGE,
  isSessionlessAuthCall,
  REFRESH_FAILED_MESSAGE,
  type SessionHandlers,
} from './api-client';
import { readAccessToken } from './session-api-client';

type Answer = Response | (() => Response | Promise<Response>);

/**
 * A client over a fake server: each 'METHOD /path' answers from its queue of responses (the last
 * one repeats). The session keeps its token in a variable, as the app's store does in storage.
 */
function setup(answers: Record<string, Answer[]>, initialToken: string | null = 'old-token') {
  let token = initialToken;
  const session = {
    getAccessToken: vi.fn(() => token),
    readAccessToken,
    onRefreshed: vi.fn((next: string) => {
      token = next;
    }),
    onSessionEnded: vi.fn(() => {
      token = null;
    }),
  } satisfies SessionHandlers;
  const seen: { key: string; auth: string | null }[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${urlOf(input).pathname}`;
    seen.push({ key, auth: new Headers(init?.headers).get('Authorization') });
    const queue = answers[key] ?? [];
    const next = queue.length > 1 ? queue.shift() : queue[0];
    if (!next) throw new Error(`unexpected call ${key}`);
    return typeof next === 'function' ? next() : next.clone();
  });
  const client = createApiClient({ fetch: fetchMock, session });
  return { client, session, seen, fetchMock, token: () => token };
}

const expired = () => fail(401, 'UNAUTHORIZED', 'Your session has expired. Please sign in again.');
const refreshed = (accessToken = 'new-token') => ok({ accessToken, user: testUser });

describe('api client session handling', () => {
  it('sends the stored token as a Bearer header, but none on sign-in and the other open auth calls', async () => {
    const { client, seen } = setup({
      'GET /v1/users/profile': [ok(testUser)],
      'POST /v1/auth/login': [ok({ accessToken: 't', user: testUser })],
    });

    await client.get('/users/profile');
    await client.post('/auth/login', { email: 'a@b.co', password: 'x' });

    expect(seen).toEqual([
      { key: 'GET /v1/users/profile', auth: 'Bearer old-token' },
      { key: 'POST /v1/auth/login', auth: null },
    ]);
  });

  it('tells the open auth calls from the signed-in ones', () => {
    for (const path of ['/auth/login', 'auth/register', '/auth/refresh', '/auth/verify?token=1']) {
      expect(isSessionlessAuthCall(path)).toBe(true);
    }
    for (const path of ['/auth/change-password', '/users/profile', '/users', '/pbs']) {
      expect(isSessionlessAuthCall(path)).toBe(false);
    }
  });

  it('on a 401 UNAUTHORIZED refreshes once, stores the new token and retries once', async () => {
    const { client, session, seen } = setup({
      'GET /v1/users/profile': [expired(), ok(testUser)],
      'POST /v1/auth/refresh': [refreshed()],
    });

    await expect(client.get('/users/profile')).resolves.toEqual(testUser);

    expect(session.onRefreshed).toHaveBeenCalledWith('new-token');
    expect(session.onSessionEnded).not.toHaveBeenCalled();
    expect(seen).toEqual([
      { key: 'GET /v1/users/profile', auth: 'Bearer old-token' },
      { key: 'POST /v1/auth/refresh', auth: null },
      { key: 'GET /v1/users/profile', auth: 'Bearer new-token' },
    ]);
  });

  it('retries a multipart body as it was', async () => {
    const { client, fetchMock } = setup({
      'PUT /v1/users': [expired(), ok(testUser)],
      'POST /v1/auth/refresh': [refreshed()],
    });
    const form = new FormData();
    form.set('displayName', 'ada');

    await expect(client.put('/users', form)).resolves.toEqual(testUser);

    const puts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect(puts.map(([, init]) => init?.body)).toEqual([form, form]);
  });

  it('does not refresh on a wrong current password: that 401 is an answer, not an expired session', async () => {
    const { client, session, seen } = setup({
      'PUT /v1/auth/change-password': [
        fail(401, 'INVALID_CREDENTIALS', 'Your current password is not correct.'),
      ],
    });

    const error = await client
      .put('/auth/change-password', { currentPassword: 'x', newPassword: 'yyyyyy' })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    expect((error as ApiError).message).toBe('Your current password is not correct.');
    expect(seen.map((s) => s.key)).toEqual(['PUT /v1/auth/change-password']);
    expect(session.onSessionEnded).not.toHaveBeenCalled();
  });

  it('refreshes for change-password too when its access token has expired', async () => {
    const { client, seen } = setup({
      'PUT /v1/auth/change-password': [expired(), ok(null, 'Password updated successfully!')],
      'POST /v1/auth/refresh': [refreshed()],
    });

    await client.put('/auth/change-password', { currentPassword: 'x', newPassword: 'yyyyyy' });

    expect(seen.at(-1)).toEqual({
      key: 'PUT /v1/auth/change-password',
      auth: 'Bearer new-token',
    });
  });

  it('never refreshes for the open auth calls', async () => {
    const { client, seen } = setup({
      'POST /v1/auth/login': [
        fail(401, 'INVALID_CREDENTIALS', 'Invalid email or password. Please try again.'),
      ],
    });

    await expect(client.post('/auth/login', {})).rejects.toMatchObject({
      message: 'Invalid email or password. Please try again.',
    });
    expect(seen.map((s) => s.key)).toEqual(['POST /v1/auth/login']);
  });

  it('ends the session when the refresh is refused, without retrying the call', async () => {
    const { client, session, seen, token } = setup({
      'GET /v1/users/profile': [expired()],
      'POST /v1/auth/refresh': [fail(401, 'UNAUTHORIZED', 'Session expired, please log in again.')],
    });

    const error = await client.get('/users/profile').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(REFRESH_FAILED_MESSAGE);
    expect(session.onSessionEnded).toHaveBeenCalledTimes(1);
    expect(token()).toBeNull();
    expect(seen.map((s) => s.key)).toEqual(['GET /v1/users/profile', 'POST /v1/auth/refresh']);
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    const { client, session } = setup({
      'GET /v1/users/profile': [expired()],
      'POST /v1/auth/refresh': [() => Promise.reject(new TypeError('Failed to fetch'))],
    });

    await expect(client.get('/users/profile')).rejects.toMatchObject({ status: 0 });
    expect(session.onSessionEnded).not.toHaveBeenCalled();
  });

  it('ends the session when the retried call is refused again', async () => {
    const { client, session } = setup({
      'GET /v1/users/profile': [expired(), expired()],
      'POST /v1/auth/refresh': [refreshed()],
    });

    await expect(client.get('/users/profile')).rejects.toMatchObject({
      message: REFRESH_FAILED_MESSAGE,
    });
    expect(session.onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('on a 403 clears the session and rejects with the spec message, without refreshing', async () => {
    const { client, session, seen, token } = setup({
      'GET /v1/pbs': [fail(403, 'FORBIDDEN', 'Not yours')],
    });

    const error = await client.get('/pbs').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: FORBIDDEN_SESSION_MESSAGE });
    expect(session.onSessionEnded).toHaveBeenCalledTimes(1);
    expect(token()).toBeNull();
    expect(seen.map((s) => s.key)).toEqual(['GET /v1/pbs']);
  });

  it('lets a 403 from an open auth call through as it is (an unverified sign-in)', async () => {
    const { client, session } = setup({
      'POST /v1/auth/login': [
        fail(403, 'EMAIL_NOT_VERIFIED', 'Please verify your email before signing in.'),
      ],
    });

    await expect(client.post('/auth/login', {})).rejects.toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: 'Please verify your email before signing in.',
    });
    expect(session.onSessionEnded).not.toHaveBeenCalled();
  });

  it('shares one refresh between calls that fail together', async () => {
    let releaseRefresh: () => void = () => undefined;
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const { client, seen } = setup({
      'GET /v1/users/profile': [expired(), expired(), ok(testUser)],
      'GET /v1/pbs': [expired(), ok([])],
      'POST /v1/auth/refresh': [
        async () => {
          await refreshGate;
          return refreshed();
        },
      ],
    });

    const calls = Promise.all([
      client.get('/users/profile'),
      client.get('/users/profile'),
      client.get('/pbs'),
    ]);
    await vi.waitFor(() => {
      expect(seen.filter((s) => s.key === 'POST /v1/auth/refresh')).toHaveLength(1);
    });
    releaseRefresh();

    await expect(calls).resolves.toEqual([testUser, testUser, []]);
    expect(seen.filter((s) => s.key === 'POST /v1/auth/refresh')).toHaveLength(1);
    const retries = seen.slice(-3);
    expect(retries.every((s) => s.auth === 'Bearer new-token')).toBe(true);
  });

  it('retries with a token another call already refreshed instead of refreshing again', async () => {
    let token: string | null = 'old-token';
    const session: SessionHandlers = {
      getAccessToken: () => token,
      readAccessToken,
      onRefreshed: (next) => {
        token = next;
      },
      onSessionEnded: () => {
        token = null;
      },
    };
    const seen: string[] = [];
    const fetchMock = vi.fn<typeof fetch>((input, init) => {
      const auth = new Headers(init?.headers).get('Authorization');
      seen.push(`${urlOf(input).pathname} ${auth ?? ''}`);
      if (auth === 'Bearer old-token') {
        // Meanwhile, elsewhere, the session was refreshed.
        token = 'fresh-from-elsewhere';
        return Promise.resolve(expired());
      }
      return Promise.resolve(ok(testUser));
    });
    const client = createApiClient({ fetch: fetchMock, session });

    await expect(client.get('/users/profile')).resolves.toEqual(testUser);
    expect(seen).toEqual([
      '/v1/users/profile Bearer old-token',
      '/v1/users/profile Bearer fresh-from-elsewhere',
    ]);
  });
});
