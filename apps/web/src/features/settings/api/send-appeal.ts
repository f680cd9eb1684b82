import type { appealInputSchema } from '@pbshare/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';

import { apiClient } from '@/lib/session-api-client';
import { decisionsQueryKey } from './moderation-decisions';

export type AppealInput = z.infer<typeof appealInputSchema>;

/** POST /moderation/appeals: asks a moderator to look at a decision again. */
export async function sendAppeal(input: AppealInput): Promise<void> {
  await apiClient.post('/moderation/appeals', input);
}

/** Once sent, the decisions are read again, so the decision shows its appeal. */
export function useSendAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendAppeal,
    onSettled: () => queryClient.invalidateQueries({ queryKey: decisionsQueryKey }),
  });
}
