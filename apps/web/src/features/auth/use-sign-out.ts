import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';

import { logout } from './api/logout';
import { useAuth } from './use-auth';

/**
 * Sign-out (SPEC.md section 4): tell the server, then go to / and forget the token, the user and
 * every cached answer. `clearSession` marks it as the user's own doing, so the protected page
 * being left does not bounce to /login on its way out.
 */
export function useSignOut() {
  const { clearSession } = useAuth();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const signOut = useCallback(async () => {
    setPending(true);
    try {
      await logout();
    } catch {
      // The server may already have ended it; signing out here must still work.
    }
    await navigate('/', { replace: true });
    clearSession();
    setPending(false);
  }, [clearSession, navigate]);

  return { signOut, pending };
}
