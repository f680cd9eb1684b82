import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

import { createQueryClient } from './query-client';

export interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client (no retries, fresh cache). */
  queryClient?: QueryClient;
}

/**
 * What every route needs, the public profile included. Everything else (auth, toasts) lives in
 * `SiteProviders`, loaded with the site layout, so a visitor of /{username} never downloads it.
 */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
