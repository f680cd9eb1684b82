import { personalBestSchema, type PersonalBest } from '@pbshare/shared';
import { useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/session-api-client';
import { pbQueryKey } from './pb-keys';

/** GET /pbs/{id}: that record as the main fields, its exercise's other records as history. */
export function getPersonalBest(id: string): Promise<PersonalBest> {
  return apiClient.get(`/pbs/${encodeURIComponent(id)}`, {
    parse: (data) => personalBestSchema.parse(data),
  });
}

/** One of the user's records, for the edit page. A 404 is an answer, not worth retrying. */
export function usePersonalBest(id: string | undefined) {
  return useQuery({
    queryKey: pbQueryKey(id ?? ''),
    queryFn: () => getPersonalBest(id ?? ''),
    enabled: Boolean(id),
    retry: false,
    // The form copies the record once; a background refetch would not reach it anyway.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
