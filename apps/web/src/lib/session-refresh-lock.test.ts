import { delay } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { fail, ok, stubApi, testUser } from '@/test/api-stub';
import { sessionOver, storeWith } from '@/test/test-session';
import { createApiClient } from './api-client';
import { createRefreshLock, type ExclusiveLocks, type RunExclusive } from './session-refresh-lock';

/** Web Locks as a browser gives them: one holder per name, the others queue in order. */
function fakeLocks(): ExclusiveLocks {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve();
      const result = previous.then(callback, callback);
      tails.set(
        name,
        result.catch(() => undefined),
      );
      return result;
    },
  };
}

/**
 * Two tabs of one origin: separate API clients (each with its own in-tab refresh sharing) over
 * the same localStorage, talking to one server whose refresh hands out `fresh-N` tokens.
 */
function twoTabs(lockOf: () => RunExclusive) {
  const store = storeWith('expired');
  let refreshes = 0;
  // Every answer takes a moment, long enough for the other tab's call to fail meanwhile.
  stubApi({
    'POST /v1/auth/refresh': async () => {
      await delay(20);
      refreshes += 1;
      return ok({ accessToken: `fresh-${refreshes}`, user: testUser });
    },
    'GET /v1/users/profile': async ({ headers }) => {
      await delay(20);
      return headers.get('Authorization')?.startsWith('Bearer fresh-')
        ? ok(testUser)
        : fail(401, 'UNAUTHORIZED', 'Your session has expired. Please sign in again.');
    },
  });
  const tab = () => createApiClient({ session: sessionOver(store, lockOf()) });
  return { tabs: [tab(), tab()], refreshes: () => refreshes, store };
}

describe('refresh across tabs', () => {
  it('with Web Locks, sends one refresh and lets the other tab reuse its token', async () => {
    const locks = fakeLocks();
    const { tabs, refreshes, store } = twoTabs(() => createRefreshLock({ locks }));

    const answers = await Promise.all(tabs.map((tab) => tab.get('/users/profile')));

    expect(answers).toEqual([testUser, testUser]);
    expect(refreshes()).toBe(1);
    expect(store.getToken()).toBe('fresh-1');
  });

  it('without Web Locks, coordinates through a mark in localStorage', async () => {
    const { tabs, refreshes, store } = twoTabs(() =>
      createRefreshLock({ locks: null, storage: localStorage, pollMs: 5 }),
    );

    const answers = await Promise.all(tabs.map((tab) => tab.get('/users/profile')));

    expect(answers).toEqual([testUser, testUser]);
    expect(refreshes()).toBe(1);
    expect(store.getToken()).toBe('fresh-1');
    expect(localStorage.getItem('pbshare-session-refresh')).toBeNull();
  });

  it('with no coordination at all, both tabs refresh (what the lock prevents)', async () => {
    const { tabs, refreshes } = twoTabs(() => (task) => task());
    await Promise.all(tabs.map((tab) => tab.get('/users/profile')));
    expect(refreshes()).toBe(2);
  });
});

describe('refresh lock', () => {
  it('runs the refresh anyway when the lock cannot be taken', async () => {
    const broken: ExclusiveLocks = {
      request: () => Promise.reject(new DOMException('no locks here', 'SecurityError')),
    };
    const run = createRefreshLock({ locks: broken });
    await expect(run(() => Promise.resolve('done'))).resolves.toBe('done');
  });

  it("passes on the task's own failure without running it twice", async () => {
    const task = vi.fn(() => Promise.reject(new Error('refused')));
    const run = createRefreshLock({ locks: fakeLocks() });
    await expect(run(task)).rejects.toThrow('refused');
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('stops waiting for a mark left by a tab that closed mid-refresh', async () => {
    localStorage.setItem('pbshare-session-refresh', `${Date.now() - 60_000} gone`);
    const run = createRefreshLock({ locks: null, storage: localStorage, staleMs: 10_000 });
    const started = Date.now();
    await expect(run(() => Promise.resolve('done'))).resolves.toBe('done');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('waits at most the stale time for a live mark', async () => {
    localStorage.setItem('pbshare-session-refresh', `${Date.now()} busy`);
    const run = createRefreshLock({ locks: null, storage: localStorage, staleMs: 100, pollMs: 10 });
    const started = Date.now();
    await expect(run(() => Promise.resolve('done'))).resolves.toBe('done');
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
  });
});
