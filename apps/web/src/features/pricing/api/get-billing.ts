import { billingOverviewSchema, type BillingOverview } from '@pbshare/shared';
import { useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/session-api-client';

export const billingKeys = {
  all: ['billing'] as const,
  overview: (checkout?: string) => ['billing', 'overview', checkout ?? null] as const,
};

/** GET /billing: the plan, its end and the purchases; with `checkout`, that checkout's status. */
function getBilling({
  checkout,
  signal,
}: { checkout?: string; signal?: AbortSignal } = {}): Promise<BillingOverview> {
  return apiClient.get('/billing', {
    signal,
    query: { checkout },
    parse: (data) => billingOverviewSchema.parse(data),
  });
}

export function useBilling({
  enabled = true,
  checkout,
  refetchInterval,
}: { enabled?: boolean; checkout?: string; refetchInterval?: number | false } = {}) {
  return useQuery({
    queryKey: billingKeys.overview(checkout),
    queryFn: ({ signal }) => getBilling({ checkout, signal }),
    enabled,
    // A checkout the server does not know will not appear by waiting: stop asking.
    refetchInterval: (query) => (query.state.data?.checkout === null ? false : refetchInterval),
  });
}
