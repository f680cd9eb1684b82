import { Suspense, type ReactNode } from 'react';

import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';
import { cn } from '@/lib/cn';

export interface SiteFrameProps {
  /** The next page's code is on its way: the thin bar at the top shows it. */
  loading: boolean;
  /** The page. */
  children: ReactNode;
}

/**
 * Top bar, page and footer. The router's site layout draws it around each page (site-layout.tsx);
 * the landing page's lean hydration draws it around the landing page alone (landing-app.tsx), so
 * both render the very markup the build prerendered.
 */
export function SiteFrame({ loading, children }: SiteFrameProps) {
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
        {children}
      </main>
      <Suspense>
        <SiteFooter />
      </Suspense>
    </div>
  );
}
