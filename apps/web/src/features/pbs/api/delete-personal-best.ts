import type { PersonalBest } from '@pbshare/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { apiClient } from '@/lib/session-api-client';
import { withoutRecords } from '../without-records';
import { pbQueryKey, pbsQueryKey } from './pb-keys';

/**
 * DELETE /pbs/{id}. The best of the records left heads the card; deleting an exercise's last
 * record removes the exercise. Sent with `keepalive`, so a delete sent as the page goes away (a
 * pending Undo running out on pagehide) still reaches the server.
 */
export async function deletePersonalBest(id: string): Promise<void> {
  await apiClient.delete(`/pbs/${encodeURIComponent(id)}`, { keepalive: true });
}

/**
 * Deletes a record and takes it out of the cached list at once, so the list never shows it
 * again while the refetch runs. The refetch waits for any PB change still running (a reorder
 * sent after this delete), whose own refetch then brings both.
 */
export function useDeletePersonalBest(): (id: string) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (id: string) => {
      await deletePersonalBest(id);
      queryClient.setQueryData<PersonalBest[]>(
        pbsQueryKey,
        (list) => list && withoutRecords(list, new Set([id])),
      );
      queryClient.removeQueries({ queryKey: pbQueryKey(id), exact: true });
      if (queryClient.isMutating({ mutationKey: pbsQueryKey }) === 0) {
        void queryClient.invalidateQueries({ queryKey: pbsQueryKey });
      }
    },
    [queryClient],
  );
}
