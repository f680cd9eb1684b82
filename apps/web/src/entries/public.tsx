import '@/styles/public-page.css';

import { useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

import { PublicProfileView, readInlinePage } from '@/features/public-profile';
import { loadWebFont } from '@/lib/load-web-font';
import { replayTaps, takeEarlyTaps } from './page-boot';
import { Providers } from './providers';

// public-profile.html: /{username}, which the server sends with the story's first slide rendered
// from the props inline in its head. The boot script imports this module once the opening picture
// has painted. No router, query client or site layout: React and the story viewer, in one file.
const container = document.getElementById('root');
if (!container) throw new Error('The public page has no #root element');

/** Taps made on the server's markup before this script ran, which the boot script kept. */
let earlyTaps: Element[] = [];

/**
 * Plays the early taps once the tree has hydrated. Rendered after the page, so its effect runs
 * after the page's own; each tap is played once, even where strict mode runs effects twice.
 */
function EarlyTaps() {
  useEffect(() => {
    const taps = earlyTaps;
    earlyTaps = [];
    replayTaps(taps);
  }, []);
  return null;
}

const page = readInlinePage();
if (!page) {
  // Only a document the server did not write (a proxy's error page, a cut download) lacks it.
  console.error('The public page carries no profile data');
} else {
  // Taken before hydrating: from here on React answers each tap itself.
  earlyTaps = takeEarlyTaps();
  const app = (
    <Providers>
      <PublicProfileView profile={page.profile} pbId={page.pbId} unavailable={page.unavailable} />
      <EarlyTaps />
    </Providers>
  );
  // A server without its renderer (a build that skipped the SSR step) sends an empty root.
  if (container.hasChildNodes()) hydrateRoot(container, app);
  else createRoot(container).render(app);
}
loadWebFont();
