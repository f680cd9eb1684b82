import type { PublicProfile } from '@pbshare/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { createApiClient, isApiError } from '@/lib/api-client';
import { isPublicProfile } from '../is-public-profile';

/** Public data needs no session: this client never sends a token nor refreshes one. */
const publicApi = createApiClient();

/** GET /v1/pbs/user/{username}: the person's visible PBs, or null when there is no such person. */
async function getPublicProfile(
  username: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PublicProfile | null> {
  try {
    return await publicApi.get(`/pbs/user/${encodeURIComponent(username)}`, {
      signal,
      parse: (data) => {
        if (!isPublicProfile(data)) throw new TypeError('The public profile answer is malformed');
        return data;
      },
    });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

const publicProfileKeys = {
  /** Usernames resolve case-insensitively, so /Ada and /ada share one cache entry. */
  profile: (username: string) => ['public-profile', username.toLowerCase()] as const,
};

function publicProfileQueryOptions(username: string) {
  return queryOptions({
    queryKey: publicProfileKeys.profile(username),
    queryFn: ({ signal }) => getPublicProfile(username, { signal }),
    // No refetch while the visitor watches.
    staleTime: 60_000,
  });
}

/** The public profile of `username`, for visits inside the app (the served page has it inline). */
export function usePublicProfile(username: string) {
  return useQuery(publicProfileQueryOptions(username));
}
