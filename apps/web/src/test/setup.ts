import '@testing-library/jest-dom/vitest';

import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

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
