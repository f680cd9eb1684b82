/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';

// The API server listens here in development (`npm run dev` at the root starts both).
const apiTarget = process.env.PBSHARE_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the server reads it to preload the public page's chunks in the
    // HTML of /{username} (apps/server/src/web/route-preloads.ts).
    manifest: true,
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
  },
});
