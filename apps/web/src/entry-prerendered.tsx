import '@/index.css';

// The entry of the pages rendered at build time (the landing, pricing and legal pages, see
// scripts/build.mjs). They arrive as HTML, readable at once: the document's boot script
// (boot/page-boot.ts) imports this module once they have painted, rather than holding back that
// paint on a slow phone. The landing page gets a lean app of its own (app/landing-app.tsx), which
// hands over to the whole app on the first step elsewhere or once it finds a session; the other
// pages get the whole app at once. The web font comes with the whole app (lib/load-web-font.ts):
// swapped in on the landing page, it was a long task of layout on a slow phone.
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
// The code that hydrates comes in three steps, each evaluated in a task of its own: React, then
// the site's frame (the router and the libraries of the top bar and footer), then the page's
// app. Evaluated together they were one long task that held a slow phone's page up (blocking
// time); apart, none of them is much longer than React DOM alone.
const react = import('react-dom/client').then(() => import('./app/layouts/site-frame'));
if (window.location.pathname === '/') {
  void react
    .then(() => import('./app/hydrate-landing'))
    .then(({ hydrateLanding }) => {
      hydrateLanding(container);
    });
} else {
  void react
    .then(() => import('./app/hydrate-prerendered'))
    .then(({ hydratePrerendered }) => hydratePrerendered(container));
}
