import '@testing-library/jest-dom/vitest';

import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

// The session lives in localStorage; every test starts signed out.
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});
