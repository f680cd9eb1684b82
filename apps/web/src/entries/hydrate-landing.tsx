import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';

import { LandingApp } from '@/app/landing-app';
import { Providers } from './providers';

/** Hydrates the prerendered landing page for a visitor with the lean app (app/landing-app.tsx). */
export function hydrateLanding(container: HTMLElement): void {
  // A transition: React hydrates in slices, letting the browser in between on a slow phone.
  startTransition(() => {
    hydrateRoot(
      container,
      <Providers>
        <LandingApp />
      </Providers>,
    );
  });
}
