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
 * says nothing, the token is dropped and the visitor is signed out (docs/PRODUCT.md §4).
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

  const failed = token !== null && me.isError;
  useEffect(() => {
    if (failed) store.clearToken();
  }, [failed, store]);

  // Signed out here (a refused refresh, a 403) or in another tab: forget the user too.
  useEffect(() => {
    if (token === null) queryClient.removeQueries({ queryKey: authKeys.me });
  }, [token, queryClient]);

  const startSession = useCallback(
    (session: Session) => {
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
