import '@/index.css';

import { listenForInstallPrompt } from '@/features/install/install-prompt';

// prerendered.html: /, /pricing, /terms and /privacy, which arrive as HTML. The boot script
// imports this module once they have painted. / hydrates the lean landing app, which hands over
// to the whole app on the first step elsewhere; the other pages hydrate the whole app.
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
listenForInstallPrompt();
// Three imports, each evaluated in a task of its own (React, the site frame with the router, the
// page's app): evaluated together they are one long task that holds a slow phone's page up.
const frame = import('react-dom/client').then(() => import('@/app/layouts/site-frame'));
if (window.location.pathname === '/') {
  void frame
    .then(() => import('./hydrate-landing'))
    .then(({ hydrateLanding }) => {
      hydrateLanding(container);
    });
} else {
  void frame
    .then(() => import('./hydrate-prerendered'))
    .then(({ hydratePrerendered }) => hydratePrerendered(container));
}
