import { useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/session-api-client';

/**
 * GET /auth/verify?token=: marks the e-mail verified. The answer carries no account, so a link
 * clicked again (or found later in a history) shows nobody whose it was.
 */
export async function verifyEmail(token: string, signal?: AbortSignal): Promise<true> {
  await apiClient.get('/auth/verify', { query: { token }, signal });
  return true;
}

/**
 * A query rather than a mutation so that a second mount (React's strict mode, a re-render) shares
 * the one call instead of spending the link twice.
 */
export function useVerifyEmail(token: string | null) {
  return useQuery({
    queryKey: ['auth', 'verify', token],
    queryFn: ({ signal }) => verifyEmail(token ?? '', signal),
    enabled: token !== null && token !== '',
    retry: false,
    staleTime: Infinity,
  });
}
