import '@/styles/public-page.css';

import { createRoot, hydrateRoot } from 'react-dom/client';

import { PublicProfileView, readInlinePage } from '@/features/public-profile';
import { loadWebFont } from '@/lib/load-web-font';
import { Providers } from './providers';

// public-profile.html: /{username}, which the server sends with the story's first slide rendered
// from the props inline in its head. The boot script imports this module once the opening picture
// has painted. No router, query client or site layout: React and the story viewer, in one file.
const container = document.getElementById('root');
if (!container) throw new Error('The public page has no #root element');

const page = readInlinePage();
if (!page) {
  // Only a document the server did not write (a proxy's error page, a cut download) lacks it.
  console.error('The public page carries no profile data');
} else {
  const app = (
    <Providers>
      <PublicProfileView profile={page.profile} pbId={page.pbId} />
    </Providers>
  );
  // A server without its renderer (a build that skipped the SSR step) sends an empty root.
  if (container.hasChildNodes()) hydrateRoot(container, app);
  else createRoot(container).render(app);
}
loadWebFont();
