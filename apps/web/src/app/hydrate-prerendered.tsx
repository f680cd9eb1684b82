import { hydrateRoot } from 'react-dom/client';
import { matchRoutes, type RouteObject } from 'react-router';

import { createApp } from './app-root';
import { routes } from './router';

/**
 * Loads the lazy modules of the routes this address shows, so the router starts with every
 * component in hand: hydrating a prerendered page must render what the build rendered, not the
 * loading fallback.
 */
async function loadRoutesOf(routeList: RouteObject[], location: Location): Promise<void> {
  const lazyMatches = matchRoutes(routeList, location)?.filter((match) => match.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
await loadRoutesOf(routes, window.location);
hydrateRoot(container, createApp());
