import { auditLogSchema, type AuditEntry } from '@pbshare/shared';
import { useInfiniteQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/session-api-client';
import { adminKeys } from './admin-keys';

/** Entries per page: a shorter page than this is the last one. */
export const AUDIT_PAGE_SIZE = 50;

/** GET /admin/audit: entries newest first, those after `oldest` (the last one shown) when given. */
export function getAuditLog(
  oldest: Pick<AuditEntry, 'at' | 'id'> | undefined,
  signal?: AbortSignal,
): Promise<AuditEntry[]> {
  return apiClient.get('/admin/audit', {
    signal,
    query: { before: oldest?.at, beforeId: oldest?.id, limit: AUDIT_PAGE_SIZE },
    parse: (data) => auditLogSchema.parse(data).entries,
  });
}

/** The audit log a page at a time; the next page starts before the oldest entry shown. */
export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: adminKeys.audit,
    queryFn: ({ pageParam, signal }) => getAuditLog(pageParam, signal),
    initialPageParam: undefined as Pick<AuditEntry, 'at' | 'id'> | undefined,
    getNextPageParam: (page) => (page.length < AUDIT_PAGE_SIZE ? undefined : page.at(-1)),
  });
}
