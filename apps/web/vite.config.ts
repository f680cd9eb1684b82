/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig, type BuildEnvironmentOptions } from 'vite';

// The API server listens here in development (`npm run dev` at the root starts both).
const apiTarget = process.env.PBSHARE_API_URL ?? 'http://127.0.0.1:3000';

/**
 * `vite build --ssr`: the renderers the API server and the prerender step import in Node
 * (src/render). Dependencies stay imports of node_modules.
 */
const ssrBuild: BuildEnvironmentOptions = {
  outDir: 'dist-ssr',
  copyPublicDir: false,
  emptyOutDir: true,
  rolldownOptions: {
    input: {
      'public-page': 'src/render/public-page.tsx',
      'static-pages': 'src/render/static-pages.tsx',
    },
  },
};

const clientBuild: BuildEnvironmentOptions = {
  outDir: 'dist',
  emptyOutDir: true,
  rolldownOptions: {
    // The app, and the public page's own lean document (entry-public.tsx).
    input: { main: 'index.html', 'public-profile': 'public-profile.html' },
    output: {
      codeSplitting: {
        // Left to itself the bundler merges modules both documents share with ones only
        // the app needs (it put the router into React's chunk), and the public page
        // downloads them all. Each library family gets a chunk of its own instead.
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
 * The build's day, shown by prerendered pages until the visitor's browser knows better (the
 * legal pages' date, the footer's year). The build script sets it once for both builds.
 */
const buildDate = process.env.PBSHARE_BUILD_DATE ?? new Date().toISOString().slice(0, 10);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
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
  build: isSsrBuild ? ssrBuild : clientBuild,
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
  },
}));
