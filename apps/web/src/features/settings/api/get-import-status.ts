import { dataImportStatusSchema, type DataImportStatus } from '@pbshare/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { apiClient } from '@/lib/session-api-client';

/** How often an import under way is asked after: its media are read in the background. */
export const IMPORT_POLL_MS = 1000;

const importKeys = {
  all: ['data-import'] as const,
  status: (id: string | undefined) => ['data-import', id ?? null] as const,
};

/** GET /users/import: the account's latest import. */
function getImportStatus(signal?: AbortSignal): Promise<DataImportStatus> {
  return apiClient.get('/users/import', {
    signal,
    parse: (data) => dataImportStatusSchema.parse(data),
  });
}

const isUnderWay = (status: DataImportStatus | undefined) =>
  status?.status === 'queued' || status?.status === 'running';

/**
 * Follows the import `importId` (from the POST's answer) until it is done or failed. Once done,
 * everything else is read again: an import changes the profile, the PBs and the plan's usage.
 */
export function useImportStatus(importId: string | undefined) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: importKeys.status(importId),
    queryFn: ({ signal }) => getImportStatus(signal),
    enabled: importId !== undefined,
    refetchInterval: (q) => (isUnderWay(q.state.data) ? IMPORT_POLL_MS : false),
  });
  const done = query.data?.status === 'done';
  useEffect(() => {
    if (!done) return;
    void queryClient.invalidateQueries({
      predicate: (q) => q.queryKey[0] !== importKeys.all[0],
    });
  }, [done, queryClient]);
  return query;
}
