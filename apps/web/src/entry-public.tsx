import '@/styles/public-page.css';

import { loadWebFont } from '@/lib/load-web-font';

import './hydrate-public';

// The entry of /{username} (public-profile.html). The server sent the story's first slide as
// HTML, and the document's boot script (boot/page-boot.ts) imports this module only once the
// opening picture has painted; React and the viewer come with it, as one file.
loadWebFont();
