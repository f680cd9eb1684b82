import { vi } from 'vitest';

import type { SessionHandlers } from '@/lib/api-client';
import { readAccessToken } from '@/lib/session-api-client';
import type { RunExclusive } from '@/lib/session-refresh-lock';
import { createSessionStore, type SessionStore } from '@/lib/session-store';
import { ok, testUser } from './api-stub';

/** A session store in localStorage (cleared after every test), holding `token` if one is given. */
export function storeWith(token: string | null): SessionStore {
  const store = createSessionStore(localStorage);
  if (token !== null) store.setToken(token);
  return store;
}

/**
 * A client's session over `store`, as the app's client has it (lib/session-api-client.ts), with
 * spies on what the client reports.
 */
export function sessionOver(store: SessionStore, runExclusive?: RunExclusive) {
  return {
    getAccessToken: vi.fn(() => store.getToken()),
    readAccessToken,
    onRefreshed: vi.fn((token: string) => {
      store.setToken(token);
    }),
    onSessionEnded: vi.fn(() => {
      store.clearToken();
    }),
    runExclusive,
  } satisfies SessionHandlers;
}

/** The API's answer to a refresh that succeeds, handing out `accessToken`. */
export const refreshed = (accessToken = 'new-token') => ok({ accessToken, user: testUser });
