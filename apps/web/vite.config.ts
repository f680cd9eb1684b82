/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig, type BuildEnvironmentOptions } from 'vite';

import { htmlDocuments } from './build/html-documents.js';

// The API server listens here in development (`npm run dev` at the root starts both).
const apiTarget = process.env.PBSHARE_API_URL ?? 'http://127.0.0.1:3000';

/** The documents the browser builds write, each the one template with its entry (src/entries). */
const documents = htmlDocuments('src/entries/document.html', {
  'index.html': 'src/entries/main.tsx',
  'prerendered.html': 'src/entries/prerendered.tsx',
  'public-profile.html': 'src/entries/public.tsx',
});

/**
 * `vite build --ssr`: the renderers the API server and the prerender step import in Node.
 * Dependencies stay imports of node_modules.
 */
const ssrBuild: BuildEnvironmentOptions = {
  outDir: 'dist-ssr',
  copyPublicDir: false,
  emptyOutDir: true,
  rolldownOptions: {
    input: {
      'public-page': 'src/entries/render-public-page.tsx',
      'static-pages': 'src/entries/render-static-pages.tsx',
      'profile-shell': 'src/entries/render-profile-shell.tsx',
      // The boot script's text, which the build writes into the documents it renders ahead.
      'page-boot': 'src/entries/page-boot.ts',
    },
  },
};

/**
 * The app: index.html, the shell every address renders into, and prerendered.html, the document
 * of the pages rendered at build time (scripts/build.mjs). The public profile has a build of its
 * own (below).
 */
const clientBuild: BuildEnvironmentOptions = {
  outDir: 'dist',
  emptyOutDir: true,
  // The app has one stylesheet (index.css), linked by both documents and inlined by the server
  // into the prerendered pages. As one file, no lazily loaded chunk lists it among what it needs:
  // split, it could be attached to a chunk the landing page loads after hydrating and be fetched
  // and applied a second time over the inlined copy (a restyle, and a layout shift).
  cssCodeSplit: false,
  rolldownOptions: {
    input: { main: 'index.html', prerendered: 'prerendered.html' },
    output: {
      codeSplitting: {
        // Libraries in chunks of their own, which change less often than the app's code.
        groups: [
          { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
          { name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
          { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
        ],
      },
    },
  },
};

/**
 * `vite build --mode public-page`: /{username}'s own document (public-profile.html), into the same
 * dist after the app's build. Built apart so it shares no chunk with the app: its small entry (the
 * stylesheet and a wait for the first paint) loads everything that hydrates the page as one chunk.
 * A visitor of a shared link makes two script requests instead of seventeen, each of which would
 * carry about a kilobyte of headers.
 */
const publicPageBuild: BuildEnvironmentOptions = {
  outDir: 'dist',
  emptyOutDir: false,
  rolldownOptions: { input: { 'public-profile': 'public-profile.html' } },
};

/**
 * `vite build --mode service-worker`: the service worker (src/service-worker/sw.ts) as one classic
 * script at the root, /sw.js, so its scope is the whole site and every browser that has service
 * workers runs it. scripts/build.mjs then writes the list of files it keeps into it.
 */
const serviceWorkerBuild: BuildEnvironmentOptions = {
  outDir: 'dist',
  emptyOutDir: false,
  copyPublicDir: false,
  rolldownOptions: {
    input: { sw: 'src/service-worker/sw.ts' },
    output: { format: 'iife', entryFileNames: 'sw.js' },
  },
};

/** Each build by its mode (`vite build --mode …`); the SSR build by its flag. */
const browserBuilds: Record<string, BuildEnvironmentOptions> = {
  'public-page': publicPageBuild,
  'service-worker': serviceWorkerBuild,
};

/**
 * The build's day, shown by prerendered pages until the visitor's browser knows better (the
 * legal pages' date, the footer's year). The build script sets it once for both builds.
 */
const buildDate = process.env.PBSHARE_BUILD_DATE ?? new Date().toISOString().slice(0, 10);

export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [documents, react(), tailwindcss()],
  define: { __BUILD_DATE__: JSON.stringify(buildDate) },
  resolve: {
    // '@/…' is apps/web/src: imports that cross from one part of the app to another use it, so
    // the lint rules on boundaries can tell the parts apart (eslint.config.js).
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    // Read @pbshare/shared straight from its TypeScript source so the web never waits for its build.
    conditions: ['@pbshare/source', ...defaultClientConditions],
  },
  server: {
    proxy: {
      '/v1': { target: apiTarget, changeOrigin: false },
      '/media': { target: apiTarget, changeOrigin: false },
    },
  },
  build: isSsrBuild ? ssrBuild : (browserBuilds[mode] ?? clientBuild),
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // A test that renders a lazy route first transforms its module graph; on a loaded two-core
    // machine that alone has passed 5 s.
    testTimeout: 15_000,
  },
}));
