import { StrictMode, type ReactNode } from 'react';

import { HydrationMark } from '@/lib/hydration-mark';

/**
 * The providers of every page, in every document: the whole app, the landing page's lean app, the
 * public profile, and the renderers that write them ahead. A provider added here exists on every
 * page; what it imports is downloaded by every page too, /{username} included (README.md has the
 * budgets). Providers only the app's routes can afford stay below the router: the query client
 * (app/providers.tsx) and the session with its toasts (app/site-providers.tsx).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      {children}
      <HydrationMark />
    </StrictMode>
  );
}
