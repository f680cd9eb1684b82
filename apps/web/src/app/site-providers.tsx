import type { ReactNode } from 'react';

import { Toaster } from '@/components/ui/toaster';
import { AuthProvider } from '@/features/auth/auth-provider';

/**
 * The session and the toast outlet, for every page of the site layout. The public profile sits
 * outside it: it needs neither, and their code (zod session parsing, sonner) stays out of its
 * download. The signed-in user lives in the query cache, so leaving for a public page and coming
 * back does not load the profile again.
 */
export function SiteProviders({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      {children}
      <Toaster />
    </AuthProvider>
  );
}
