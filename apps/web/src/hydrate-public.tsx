import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

import { PublicProfileView, readInlinePage } from '@/features/public-profile';
import { HydrationMark } from '@/lib/hydration-mark';

/**
 * Hydrates /{username}: the server has already rendered the page into #root from the props
 * inline in its head. No router, no query client, no site layout: a visitor downloads React, the
 * story viewer and little else. Loaded by entry-public.tsx once the page has painted.
 */
const container = document.getElementById('root');
if (!container) throw new Error('The public page has no #root element');

const page = readInlinePage();
if (!page) {
  // Only a document the server did not write (a proxy's error page, a cut download) lacks it.
  console.error('The public page carries no profile data');
} else {
  const app = (
    <StrictMode>
      <PublicProfileView profile={page.profile} pbId={page.pbId} />
      <HydrationMark />
    </StrictMode>
  );
  // A server without its renderer (a build that skipped the SSR step) sends an empty root.
  if (container.hasChildNodes()) hydrateRoot(container, app);
  else createRoot(container).render(app);
}
