import { defineConfig, devices } from '@playwright/test';

import {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  TEST_EVIDENCE,
  TEST_LIMITS,
} from './scripts/lib/chromium.mjs';

const launchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS };
const phone = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions };
const HEAVY = /gym-uploads-4k\.spec\.ts$/;

export default defineConfig({
  testDir: './e2e/specs',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: true,
  ...TEST_LIMITS,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    // The app's service worker would answer pages from its cache and outlive each test's page:
    // the offline specs allow it for themselves.
    serviceWorkers: 'block',
    ...TEST_EVIDENCE,
  },
  projects: [
    {
      name: 'phone',
      testIgnore: HEAVY,
      use: phone,
    },
    {
      name: 'desktop',
      testIgnore: HEAVY,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions,
      },
    },
    // Preparing a 4K clip in the browser takes minutes of both cores: it runs alone, after the
    // rest, so nothing beside it times out; at phone size, where such clips are recorded.
    {
      name: 'phone-4k',
      testMatch: HEAVY,
      dependencies: ['phone', 'desktop'],
      use: phone,
    },
  ],
});
