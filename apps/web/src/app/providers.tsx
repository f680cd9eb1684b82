import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

import { createAppQueryClient } from './query-client';

export interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client (no retries, fresh cache). */
  queryClient?: QueryClient;
}

/**
 * The query client, around the app's router. The landing page's lean app and the public page's
 * own document go without it (their script budgets, entries/README.md): a provider every page
 * needs belongs in entries/providers.tsx, and the session and toasts in `SiteProviders`.
 */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createAppQueryClient());
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
