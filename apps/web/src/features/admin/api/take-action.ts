import { auditEntrySchema, type AuditEntry, type ModerationActionInput } from '@pbshare/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { apiClient } from '@/lib/session-api-client';
import { adminKeys } from './admin-keys';

const actionAnswerSchema = z.object({ entry: auditEntrySchema });

/** POST /admin/actions: one moderation action with its reason; answers its audit entry. */
export function takeAction(input: ModerationActionInput): Promise<AuditEntry> {
  return apiClient.post('/admin/actions', input, {
    parse: (data) => actionAnswerSchema.parse(data).entry,
  });
}

/** An action resolves reports, closes appeals and adds to the log: all of it is read again. */
export function useModerationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
