import { createBrowserRouter, RouterProvider } from 'react-router';
import { z } from 'zod';

import { showWebFont } from '@/lib/load-web-font';
import { AppProviders } from './providers';
import { routes } from './router';

// zod compiles its object parsers with `new Function` when it may; the page's Content Security
// Policy forbids that (no 'unsafe-eval'), and each attempt is reported as a violation.
z.config({ jitless: true });

/**
 * The whole app in the browser: the query client and a router over every route, for an entry to
 * render inside the providers of every page (entries/providers.tsx). Made once per page load,
 * after any prerendered page's routes have been loaded (load-route-modules.ts), with the router of
 * the caller's making when it has to act on it (take-over.tsx).
 */
export function createApp(router = createBrowserRouter(routes)) {
  // The landing page keeps its fallback font (lean hydration); the whole app shows Inter.
  showWebFont();
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
