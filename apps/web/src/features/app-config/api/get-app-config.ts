import { appConfigSchema, type AppConfig } from '@pbshare/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/session-api-client';

export function getAppConfig({ signal }: { signal?: AbortSignal } = {}): Promise<AppConfig> {
  return apiClient.get('/app-config', { signal, parse: (data) => appConfigSchema.parse(data) });
}

export const appConfigQueryOptions = queryOptions({
  queryKey: ['app-config'],
  queryFn: getAppConfig,
  // The values only change with a server deploy.
  staleTime: Infinity,
  gcTime: Infinity,
});

export function useAppConfig() {
  return useQuery(appConfigQueryOptions);
}
