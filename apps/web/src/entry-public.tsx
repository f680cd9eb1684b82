import '@fontsource-variable/inter';
import '@/styles/public-page.css';

import { afterFirstPaint } from '@/lib/after-first-paint';

// The lean entry of /{username} (public-profile.html). The server sent the story's first slide
// as HTML, so the page is readable before any script: React and the viewer load once it has
// painted, instead of sharing a slow line with the document's first paint and its picture.
afterFirstPaint(() => {
  void import('./hydrate-public');
});
