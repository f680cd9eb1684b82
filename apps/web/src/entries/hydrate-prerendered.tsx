import { hydrateRoot } from 'react-dom/client';

import { createApp } from '@/app/app-root';
import { loadRouteModules } from '@/app/load-route-modules';
import { routes } from '@/app/router';
import { Providers } from './providers';

/** Hydrates /pricing, /terms and /privacy with the whole app. */
export async function hydratePrerendered(container: HTMLElement): Promise<void> {
  // The first client render must be the prerendered one, so the page's lazy modules come first.
  await loadRouteModules(routes, window.location);
  hydrateRoot(container, <Providers>{createApp()}</Providers>);
}
