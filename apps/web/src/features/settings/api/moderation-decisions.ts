import { ownerDecisionsSchema, type OwnerDecision } from '@pbshare/shared';
import { useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/session-api-client';

export const decisionsQueryKey = ['moderation', 'decisions'] as const;

/** GET /moderation/decisions: moderation's decisions about the caller's account, newest first. */
export function getDecisions(signal?: AbortSignal): Promise<OwnerDecision[]> {
  return apiClient.get('/moderation/decisions', {
    signal,
    parse: (data) => ownerDecisionsSchema.parse(data).decisions,
  });
}

export function useModerationDecisions() {
  return useQuery({ queryKey: decisionsQueryKey, queryFn: ({ signal }) => getDecisions(signal) });
}
