import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';

import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { withDocumentTitle } from '@/hooks/use-document-title';
import { Providers } from './providers';

/** The pages that read the same for every visitor, rendered to HTML at build time. */
export const STATIC_PAGES = [
  { path: '/', file: 'index.html' },
  { path: '/pricing', file: 'pricing.html' },
  { path: '/terms', file: 'terms.html' },
  { path: '/privacy', file: 'privacy.html' },
] as const;

export interface StaticPage {
  /** What goes into #root: the page as a signed-out visitor first sees it. */
  markup: string;
  /** The title the page sets. */
  title: string | undefined;
}

/**
 * Renders a page of the app at `path` through the app's own routes (their lazy modules loaded
 * first), as prerendered.tsx hydrates it in the browser.
 */
export async function renderStaticPage(path: string): Promise<StaticPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} answered a redirect when prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { result, title } = withDocumentTitle(() =>
    renderToString(
      <Providers>
        <AppProviders>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </Providers>,
    ),
  );
  return { markup: result, title };
}
