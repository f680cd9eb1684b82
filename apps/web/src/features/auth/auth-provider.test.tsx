import { ACCESS_TOKEN_STORAGE_KEY } from '@pbshare/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';

import { callsTo, fail, ok, stubApi, testUser } from '@/test/api-stub';
import { createTestQueryClient } from '@/test/render';
import { AuthProvider } from './auth-provider';
import { useAuth } from './use-auth';

function renderAuth() {
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
  return { ...renderHook(() => useAuth(), { wrapper }), queryClient };
}

describe('AuthProvider', () => {
  it('is signed out without a stored token and asks the server nothing', () => {
    const requests = stubApi();
    const { result } = renderAuth();

    expect(result.current).toMatchObject({ user: null, token: null, isLoading: false });
    expect(requests).toHaveLength(0);
  });

  it('loads the user of a stored token', async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'stored');
    const requests = stubApi({ 'GET /v1/users/profile': () => ok(testUser) });
    const { result } = renderAuth();

    expect(result.current).toMatchObject({ user: null, token: 'stored', isLoading: true });
    await waitFor(() => {
      expect(result.current.isLoading).toBe(false);
    });
    expect(result.current.user).toEqual(testUser);
    const [call] = callsTo(requests, 'GET /v1/users/profile');
    expect(call?.headers.get('Authorization')).toBe('Bearer stored');
  });

  it('clears the user and the token when the stored session is refused', async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'stale');
    const requests = stubApi({
      'GET /v1/users/profile': () => fail(401, 'UNAUTHORIZED', 'expired'),
      'POST /v1/auth/refresh': () =>
        fail(401, 'UNAUTHORIZED', 'Session expired, please log in again.'),
    });
    const { result } = renderAuth();

    await waitFor(() => {
      expect(result.current.token).toBeNull();
    });
    expect(result.current).toMatchObject({ user: null, isLoading: false });
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
    expect(callsTo(requests, 'POST /v1/auth/refresh')).toHaveLength(1);
  });

  it('clears the user and the token when the profile cannot be loaded', async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'stored');
    stubApi({ 'GET /v1/users/profile': () => fail(404, 'NOT_FOUND', 'No such user') });
    const { result } = renderAuth();

    await waitFor(() => {
      expect(result.current.token).toBeNull();
    });
    expect(result.current.user).toBeNull();
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('keeps the user of a stored session whose access token needed a refresh', async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'expired');
    let profileCalls = 0;
    stubApi({
      'GET /v1/users/profile': () =>
        ++profileCalls === 1 ? fail(401, 'UNAUTHORIZED', 'expired') : ok(testUser),
      'POST /v1/auth/refresh': () => ok({ accessToken: 'renewed', user: testUser }),
    });
    const { result } = renderAuth();

    await waitFor(() => {
      expect(result.current.user).toEqual(testUser);
    });
    expect(result.current.token).toBe('renewed');
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('renewed');
  });

  it('starts a session without fetching the user again, and clears it with the cache', async () => {
    const requests = stubApi();
    const { result, queryClient } = renderAuth();

    act(() => {
      result.current.startSession({ accessToken: 'fresh', user: testUser });
    });
    expect(result.current).toMatchObject({ user: testUser, token: 'fresh', isLoading: false });
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('fresh');
    expect(requests).toHaveLength(0);

    queryClient.setQueryData(['something', 'private'], 42);
    act(() => {
      result.current.clearSession();
    });
    expect(result.current).toMatchObject({ user: null, token: null });
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
    expect(queryClient.getQueryData(['something', 'private'])).toBeUndefined();
  });

  it('follows a sign-out in another tab', async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'stored');
    stubApi({ 'GET /v1/users/profile': () => ok(testUser) });
    const { result } = renderAuth();
    await waitFor(() => {
      expect(result.current.user).toEqual(testUser);
    });

    act(() => {
      localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: ACCESS_TOKEN_STORAGE_KEY }));
    });

    expect(result.current).toMatchObject({ user: null, token: null });
  });
});
