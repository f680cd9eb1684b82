import { useLocation } from 'react-router';

import { ProfileShell } from '@/components/layout/profile-skeleton';
import { Spinner } from '@/components/ui/spinner';

/**
 * Shown while the first page's code loads. /profile keeps the skeleton its document arrived with
 * (apps/server/src/web/spa.ts); elsewhere a spinner fades in late, so a fast load shows nothing at
 * all instead of a flash of spinner.
 */
export function HydrateFallback() {
  const { pathname } = useLocation();
  if (pathname === '/profile') return <ProfileShell />;
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner
        size="lg"
        label="Loading PBShare"
        className="animate-fade-in opacity-0 [animation-delay:400ms]"
      />
    </div>
  );
}
