import '@fontsource-variable/inter';
import '@/index.css';

import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';

import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

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

function app() {
  return (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={createBrowserRouter(routes)} />
      </AppProviders>
    </StrictMode>
  );
}

// The landing, pricing and legal pages arrive rendered (scripts/build.mjs); every other address
// gets the empty shell and renders in the browser.
if (container.hasChildNodes()) {
  void loadRoutesOf(routes, window.location).then(() => {
    hydrateRoot(container, app());
  });
} else {
  createRoot(container).render(app());
}
