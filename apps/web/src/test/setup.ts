import '@testing-library/jest-dom/vitest';

import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Routes are lazy: the first visit of a page transforms its whole module graph, which takes more
// than Testing Library's default second on a busy 2-core CI machine. Waiting longer costs nothing
// when the page is quick.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout: its scrollTo only logs 'Not implemented', once per navigation that the
// router's scroll restoration handles.
window.scrollTo = () => undefined;

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

// The session lives in localStorage; every test starts signed out.
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});
