import { userSchema, type User } from '@pbshare/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { apiClient } from '@/lib/session-api-client';

const verifyResultSchema = z.object({ user: userSchema });

/** GET /auth/verify?token=: marks the e-mail verified. */
export async function verifyEmail(token: string, signal?: AbortSignal): Promise<User> {
  const { user } = await apiClient.get('/auth/verify', {
    query: { token },
    signal,
    parse: (data) => verifyResultSchema.parse(data),
  });
  return user;
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
