import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  createMemoryRouter,
  Outlet,
  RouterProvider,
  useLocation,
  type InitialEntry,
  type RouteObject,
} from 'react-router';

import { AppProviders } from '@/app/providers';
import { SiteProviders } from '@/app/site-providers';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

export interface RenderRoutesResult extends RenderResult {
  router: ReturnType<typeof createMemoryRouter>;
}

/**
 * Renders route objects in a memory router under the app's root providers, starting at `path`.
 * The app's own `routes` bring the site providers with their layout; other routes get them from
 * `withSiteProviders`.
 */
export function renderRoutes(routes: RouteObject[], path: InitialEntry = '/'): RenderRoutesResult {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}

/** Puts routes under the session and toast outlet, as the site layout does in the app. */
export function withSiteProviders(routes: RouteObject[]): RouteObject[] {
  return [
    {
      element: (
        <SiteProviders>
          <Outlet />
        </SiteProviders>
      ),
      children: routes,
    },
  ];
}

/**
 * Renders one element as the page at `path`, with a catch-all that shows where navigation went.
 * `url` is where the router starts, when it needs a query string ('/signup?username=ada').
 */
export function renderPage(
  element: ReactNode,
  path = '/',
  url: InitialEntry = path,
): RenderRoutesResult {
  return renderRoutes(
    withSiteProviders([
      { path, element },
      { path: '*', element: <LocationProbe /> },
    ]),
    url,
  );
}

function LocationProbe() {
  const location = useLocation();
  return (
    <>
      <p data-testid="location">{`${location.pathname}${location.search}`}</p>
      <p data-testid="location-state">{JSON.stringify(location.state ?? null)}</p>
    </>
  );
}
