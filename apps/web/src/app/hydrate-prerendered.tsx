import { hydrateRoot } from 'react-dom/client';

import { createApp } from './app-root';
import { loadRouteModules } from './load-route-modules';
import { routes } from './router';

/**
 * Hydrates a prerendered page with the whole app: /pricing, /terms, /privacy, and / for a
 * signed-in visitor (the landing page's lean hydration is for visitors, hydrate-landing.tsx).
 */
export async function hydratePrerendered(container: HTMLElement): Promise<void> {
  await loadRouteModules(routes, window.location);
  hydrateRoot(container, createApp());
}
