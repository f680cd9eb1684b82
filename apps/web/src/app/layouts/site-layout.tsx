import { Suspense } from 'react';
import { Outlet, useNavigation } from 'react-router';

import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';
import { cn } from '@/lib/cn';
import { SiteProviders } from '../site-providers';

/**
 * The frame of every page but the public profile: top bar, the page, footer, with the session and
 * toasts they use. The router loads it lazily, which keeps all of it out of /{username}'s download.
 */
export function SiteLayout() {
  return (
    <SiteProviders>
      <SiteFrame />
    </SiteProviders>
  );
}

function SiteFrame() {
  const navigation = useNavigation();
  const loading = navigation.state === 'loading';

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-[60] rounded-lg bg-background px-4 py-2 text-sm font-semibold shadow-float focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      {/* A thin bar while the next page's code loads, so a slow network does not feel frozen. */}
      <div
        aria-hidden="true"
        className={cn(
          'fixed inset-x-0 top-0 z-[70] h-0.5 origin-left bg-primary transition-[opacity,transform] duration-500 motion-reduce:transition-none',
          loading ? 'scale-x-75 opacity-100' : 'scale-x-0 opacity-0',
        )}
      />
      {/* Separate units of hydration for a prerendered page (see LandingPage). */}
      <Suspense>
        <TopBar />
      </Suspense>
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus-visible:outline-none">
        <Outlet />
      </main>
      <Suspense>
        <SiteFooter />
      </Suspense>
    </div>
  );
}
