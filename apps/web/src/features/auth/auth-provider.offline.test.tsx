import 'fake-indexeddb/auto';

import { ACCESS_TOKEN_STORAGE_KEY } from '@pbshare/shared';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { keys, set } from 'idb-keyval';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { AppProviders } from '@/app/providers';
import { pbsQueryKey } from '@/features/pbs/api/pb-keys';
import { MEDIA_CACHE, outboxStore, shareInboxStore } from '@/lib/device-storage';
import { keepQueries, keptBy, restoreKeptQueries } from '@/lib/kept-queries';
import { keepSharedFile } from '@/lib/share-inbox';
import { callsTo, fail, networkError, ok, stubApi, testUser } from '@/test/api-stub';
import { createTestQueryClient, withSiteProviders } from '@/test/render';
import { authKeys } from './api/auth-keys';
import { AuthProvider } from './auth-provider';
import { useAuth } from './use-auth';
import { useSignOut } from './use-sign-out';

const isKept = keptBy([authKeys.me, pbsQueryKey]);
const keptList = [{ id: 'pb-1', title: 'Squat' }];

/** The answer to `key` that a new start of the app would find kept on this device. */
function keptAnswer(key: QueryKey): unknown {
  const client = new QueryClient();
  restoreKeptQueries(client);
  return client.getQueryData(key);
}

/** Keeps the profile and the PB list on the device, as an earlier visit left them. */
async function keepProfileAndList() {
  const client = new QueryClient();
  const stop = keepQueries(client, isKept);
  client.setQueryData(authKeys.me, testUser);
  client.setQueryData(pbsQueryKey, keptList);
  await vi.waitFor(() => {
    expect(keptAnswer(pbsQueryKey)).toEqual(keptList);
  });
  stop();
}

/** The provider over a client that starts from what the device kept, as the app's does. */
function renderAuthFromKept() {
  const queryClient = createTestQueryClient();
  restoreKeptQueries(queryClient);
  // Settles once the profile call has failed and the query client has told its observers, on
  // its next tick (setTimeout 0): awaited in act, the provider has then answered the failure.
  const profileFailed = new Promise<void>((resolve) => {
    const stop = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') {
        stop();
        resolve();
      }
    });
  }).then(() => new Promise((resolve) => setTimeout(resolve, 0)));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
  return { ...renderHook(() => useAuth(), { wrapper }), queryClient, profileFailed };
}

function Account() {
  const { user } = useAuth();
  const { signOut } = useSignOut();
  return (
    <>
      <p>{user ? `Signed in as ${user.displayName}` : 'Signed out'}</p>
      <button
        type="button"
        onClick={() => {
          void signOut();
        }}
      >
        Sign Out
      </button>
    </>
  );
}

describe('AuthProvider and the data kept on this device', () => {
  it('forgets all of it when the user signs out', async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
    await keepProfileAndList();
    await set('entry-1', { id: 'entry-1', userId: testUser.id }, outboxStore());
    await keepSharedFile(new File(['png'], 'lift.png', { type: 'image/png' }));
    const cacheNames = new Set([MEDIA_CACHE]);
    vi.stubGlobal('caches', { delete: (name: string) => Promise.resolve(cacheNames.delete(name)) });
    const requests = stubApi({
      'GET /v1/users/profile': () => ok(testUser),
      'POST /v1/auth/logout': () => ok(null),
    });
    const router = createMemoryRouter(
      withSiteProviders([
        { path: '/profile', element: <Account /> },
        { path: '/', element: <p>Home</p> },
      ]),
      { initialEntries: ['/profile'] },
    );
    // The app's own query client, which opens with the kept answers and keeps them up to date.
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByText('Signed in as ada')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByText('Home')).toBeVisible();
    expect(callsTo(requests, 'POST /v1/auth/logout')).toHaveLength(1);
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
    await waitFor(async () => {
      expect(await keys(outboxStore())).toEqual([]);
      expect(await keys(shareInboxStore())).toEqual([]);
    });
    expect(keptAnswer(authKeys.me)).toBeUndefined();
    expect(keptAnswer(pbsQueryKey)).toBeUndefined();
    expect(cacheNames.has(MEDIA_CACHE)).toBe(false);
  });

  it('stays signed in with the kept profile when the network fails', async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'stored');
    await keepProfileAndList();
    stubApi({ 'GET /v1/users/profile': () => networkError() });
    const { result, profileFailed } = renderAuthFromKept();

    await act(() => profileFailed);

    expect(result.current).toMatchObject({ user: testUser, token: 'stored', isLoading: false });
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('stored');
    expect(keptAnswer(pbsQueryKey)).toEqual(keptList);
  });

  it('signs out when the network fails and no profile was kept', async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'stored');
    stubApi({ 'GET /v1/users/profile': () => networkError() });
    const { result } = renderAuthFromKept();

    await waitFor(() => {
      expect(result.current.token).toBeNull();
    });
    expect(result.current.user).toBeNull();
  });

  it('signs out and forgets the kept answers when the server refuses the session', async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'stale');
    await keepProfileAndList();
    stubApi({
      'GET /v1/users/profile': () => fail(401, 'UNAUTHORIZED', 'expired'),
      'POST /v1/auth/refresh': () => fail(401, 'UNAUTHORIZED', 'Session expired.'),
    });
    const { result } = renderAuthFromKept();

    await waitFor(() => {
      expect(result.current.token).toBeNull();
    });
    expect(result.current.user).toBeNull();
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
    expect(keptAnswer(pbsQueryKey)).toBeUndefined();
  });

  it('signs out when the server answers that the account is gone, kept profile or not', async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'stored');
    await keepProfileAndList();
    stubApi({ 'GET /v1/users/profile': () => fail(404, 'NOT_FOUND', 'No such user') });
    const { result, profileFailed } = renderAuthFromKept();

    await act(() => profileFailed);

    expect(result.current).toMatchObject({ user: null, token: null });
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it("drops another account's answers when a session starts for a different user", async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'stored');
    await keepProfileAndList();
    stubApi({ 'GET /v1/users/profile': () => ok(testUser) });
    const { result, queryClient } = renderAuthFromKept();
    await waitFor(() => {
      expect(result.current.isLoading).toBe(false);
    });

    act(() => {
      result.current.startSession({ accessToken: 'same', user: testUser });
    });
    expect(queryClient.getQueryData(pbsQueryKey)).toEqual(keptList);

    const other = { ...testUser, id: 'u2', displayName: 'grace' };
    act(() => {
      result.current.startSession({ accessToken: 'other', user: other });
    });
    expect(result.current.user).toEqual(other);
    expect(queryClient.getQueryData(pbsQueryKey)).toBeUndefined();
    expect(keptAnswer(pbsQueryKey)).toBeUndefined();
  });
});
