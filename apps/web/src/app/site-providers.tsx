import type { ReactNode } from 'react';

import { Toaster } from '@/components/ui/toaster';
import { AuthProvider } from '@/features/auth/auth-provider';
import { useHydrated } from '@/hooks/page-conditions';

/**
 * The session and the toast outlet, for every page of the site layout. The public profile sits
 * outside it: it needs neither, and their code (zod session parsing, sonner) stays out of its
 * download. The signed-in user lives in the query cache, so leaving for a public page and coming
 * back does not load the profile again.
 *
 * The toast outlet comes once the page is live: a prerendered page then holds no trace of it, and
 * the landing page's lean hydration, which has no toasts, matches that markup without sonner.
 */
export function SiteProviders({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <AuthProvider>
      {children}
      {hydrated ? <Toaster /> : null}
    </AuthProvider>
  );
}
