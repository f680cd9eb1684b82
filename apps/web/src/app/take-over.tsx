import { createBrowserRouter, parsePath, type To } from 'react-router';

import { createApp } from './app-root';
import { rememberScrollPosition } from './layouts/root-layout';
import { loadRouteModules } from './load-route-modules';
import { routes } from './router';

/**
 * The whole app, ready to replace the landing page's lean one (landing-app.tsx) at the address
 * the visitor is on: its routes' modules loaded (no loading fallback flashes), and those of
 * `next`, where it goes straight after, so that page follows at once. The caller renders `app`
 * and, once it has mounted, navigates with `router`.
 */
export async function prepareTakeOver(next?: To) {
  const target = typeof next === 'string' ? parsePath(next) : next;
  await Promise.all([
    loadRouteModules(routes, window.location),
    target ? loadRouteModules(routes, target) : null,
  ]);
  rememberScrollPosition(window.location);
  const router = createBrowserRouter(routes);
  return { router, app: createApp(router) };
}
