import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';

import { logout } from './api/logout';
import { useAuth } from './use-auth';

/**
 * Takes the user to / and forgets the token, the user and every cached answer; sign-out and
 * account deletion end this way. The signed-in page goes first, then the session: `clearSession`
 * marks the exit as the user's own doing, so the protected page being left does not bounce to
 * /login on its way out.
 */
export function useLeaveSession() {
  const { clearSession } = useAuth();
  const navigate = useNavigate();

  return useCallback(async () => {
    await navigate('/', { replace: true });
    clearSession();
  }, [clearSession, navigate]);
}

/** Sign-out (docs/PRODUCT.md §4): tell the server, then leave the session. */
export function useSignOut() {
  const leaveSession = useLeaveSession();
  const [pending, setPending] = useState(false);

  const signOut = useCallback(async () => {
    setPending(true);
    try {
      await logout();
    } catch {
      // The server may already have ended it; signing out here must still work.
    }
    await leaveSession();
    setPending(false);
  }, [leaveSession]);

  return { signOut, pending };
}
