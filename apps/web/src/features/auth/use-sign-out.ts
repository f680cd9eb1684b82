import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';

import { runBeforeSignOut } from '@/lib/before-sign-out';
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

/**
 * Sign-out (docs/PRODUCT.md §4): what must still reach the server goes first (deletes waiting for
 * their Undo), then the server is told and the session left.
 */
export function useSignOut() {
  const leaveSession = useLeaveSession();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  const signOut = useCallback(async () => {
    setPending(true);
    await runBeforeSignOut();
    // A refetch still on the wire (after those deletes, say) would be refused once the session
    // ends, and that refusal would send the user to /login instead of /.
    await queryClient.cancelQueries();
    try {
      await logout();
    } catch {
      // The server may already have ended it; signing out here must still work.
    }
    await leaveSession();
    setPending(false);
  }, [leaveSession, queryClient]);

  return { signOut, pending };
}
