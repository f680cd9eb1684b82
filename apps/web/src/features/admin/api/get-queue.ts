import { moderationQueueSchema, type ModerationQueue } from '@pbshare/shared';
import { useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/session-api-client';
import { adminKeys } from './admin-keys';

/** GET /admin/queue: the open reports grouped by profile or PB, and the open appeals. */
export function getQueue(signal?: AbortSignal): Promise<ModerationQueue> {
  return apiClient.get('/admin/queue', {
    signal,
    parse: (data) => moderationQueueSchema.parse(data),
  });
}

/** The queue; a 404 (the caller is not an admin) is the query's error and is not retried. */
export function useModerationQueue() {
  return useQuery({ queryKey: adminKeys.queue, queryFn: ({ signal }) => getQueue(signal) });
}
