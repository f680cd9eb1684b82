import { sessionSchema } from '@pbshare/shared';

import { createApiClient } from './api-client';
import { createRefreshLock } from './session-refresh-lock';
import { sessionStore } from './session-store';

/** The access token of a refresh's answer, which must be a session. */
export function readAccessToken(data: unknown): string {
  return sessionSchema.parse(data).accessToken;
}

/**
 * The client of the signed-in app, with the token in `localStorage.accessToken`. The public
 * profile does not import this module: it makes its own sessionless client.
 */
export const apiClient = createApiClient({
  session: {
    getAccessToken: () => sessionStore.getToken(),
    readAccessToken,
    onRefreshed: (accessToken) => {
      sessionStore.setToken(accessToken);
    },
    onSessionEnded: () => {
      sessionStore.clearToken();
    },
    runExclusive: createRefreshLock(),
  },
});
