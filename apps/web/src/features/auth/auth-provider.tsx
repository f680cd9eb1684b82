import type { Session, User } from '@pbshare/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

import { isApiError } from '@/lib/api-client';
import { forgetDeviceData } from '@/lib/forget-device-data';
import { forgetKeptQueries } from '@/lib/kept-queries';
import { sessionStore as defaultSessionStore, type SessionStore } from '@/lib/session-store';
import { authKeys } from './api/auth-keys';
import { getProfile } from './api/get-profile';
import { AuthContext, type AuthState } from './auth-context';

export interface AuthProviderProps {
  children: ReactNode;
  /** Tests pass their own store. */
  store?: SessionStore;
}

/**
 * Holds who is signed in. The token lives in the session store (localStorage); the user is the
 * cached answer of GET /users/profile, fetched on load whenever a token exists. If that fails or
 * says nothing, the token is dropped and the visitor is signed out (docs/PRODUCT.md §4), except
 * when the network is what failed and this device kept the profile: then the app opens with what
 * it had (§15), and the session is checked again when the network is back.
 */
export function AuthProvider({ children, store = defaultSessionStore }: AuthProviderProps) {
  const queryClient = useQueryClient();
  const token = useSyncExternalStore(store.subscribe, store.getToken, () => null);

  const me = useQuery({
    queryKey: authKeys.me,
    queryFn: ({ signal }) => getProfile({ signal }),
    enabled: token !== null,
    staleTime: Infinity,
  });

  const offlineWithKept = me.data !== undefined && isApiError(me.error) && me.error.status === 0;
  const failed = token !== null && me.isError && !offlineWithKept;
  useEffect(() => {
    if (failed) store.clearToken();
  }, [failed, store]);

  // Signed out here (a refused refresh, a 403) or in another tab: forget the user too, and the
  // answers kept for opening offline, which were that session's.
  useEffect(() => {
    if (token !== null) return;
    queryClient.removeQueries({ queryKey: authKeys.me });
    forgetKeptQueries();
  }, [token, queryClient]);

  const startSession = useCallback(
    (session: Session) => {
      // Another account's answers, somehow still here, must never show in this one.
      const previous = queryClient.getQueryData<User>(authKeys.me);
      if (previous && previous.id !== session.user.id) {
        queryClient.clear();
        forgetKeptQueries();
      }
      // The user first, so the token's arrival finds it and does not fetch it again.
      queryClient.setQueryData(authKeys.me, session.user);
      store.setToken(session.accessToken);
    },
    [queryClient, store],
  );

  const setUser = useCallback(
    (user: User) => {
      queryClient.setQueryData(authKeys.me, user);
    },
    [queryClient],
  );

  const [userExits, setUserExits] = useState(0);
  const clearSession = useCallback(() => {
    setUserExits((n) => n + 1);
    store.clearToken();
    queryClient.clear();
    // The user's own leaving (sign-out, deletion): nothing of the account stays on this device.
    void forgetDeviceData();
  }, [queryClient, store]);

  const user = token !== null && !failed ? (me.data ?? null) : null;
  const value = useMemo<AuthState>(
    () => ({
      user,
      token,
      isLoading: token !== null && !failed && me.isPending,
      startSession,
      setUser,
      clearSession,
      userExits,
    }),
    [user, token, failed, me.isPending, startSession, setUser, clearSession, userExits],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
