import { defineConfig } from 'vitest/config';

// Checks of the repository as a whole (the docs map, the lint fences), run from scripts/ like a workspace.
export default defineConfig({
  test: {
    name: 'scripts',
    include: ['**/*.test.mjs'],
    // The lint probes load the whole ESLint config and the TypeScript resolver on first use.
    testTimeout: 60_000,
  },
});
