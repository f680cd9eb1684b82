import { onlineManager, QueryClient } from '@tanstack/react-query';

import { authKeys } from '@/features/auth/api/auth-keys';
import { pbsQueryKey } from '@/features/pbs/api/pb-keys';
import { isApiError } from '@/lib/api-client';
import { keepQueries, keptBy, restoreKeptQueries } from '@/lib/kept-queries';
import { sessionStore } from '@/lib/session-store';

/** A client error (4xx) will not change on retry; network and server errors might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

/** The answers kept on the device for opening with no network: the profile and the PBs. */
const isKept = keptBy([authKeys.me, pbsQueryKey]);

/**
 * The app's client: with a session, it starts from the answers this device kept for it, and it
 * keeps them as they change, while a session lasts (lib/kept-queries.ts).
 */
export function createAppQueryClient(): QueryClient {
  const client = createQueryClient();
  // The query client believes it is online until the browser says otherwise by an event: opened
  // with no network, its calls would fail (and retry) instead of waiting for the network.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  const signedIn = () => sessionStore.getToken() !== null;
  if (signedIn()) restoreKeptQueries(client);
  keepQueries(client, isKept, { while: signedIn });
  return client;
}
