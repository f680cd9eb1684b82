import '@fontsource-variable/inter';
import '@/index.css';

import { afterFirstPaint } from '@/lib/after-first-paint';

// The entry of the pages rendered at build time (the landing, pricing and legal pages, see
// scripts/build.mjs). They arrive as HTML, readable at once: the app loads and hydrates them
// once they have painted, rather than holding back that paint on a slow phone.
afterFirstPaint(() => {
  void import('./app/hydrate-prerendered');
});
