import { defineConfig, devices } from '@playwright/test';

import {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  TEST_EVIDENCE,
  TEST_LIMITS,
} from './scripts/lib/chromium.mjs';

/**
 * `npm run test:fleet`: the user journeys and the fleet checks against two instances of the
 * production build behind a round-robin proxy, sharing PostgreSQL, an S3 bucket and Redis (see
 * e2e/fleet/global-setup.ts). Needs `npm run build` first.
 */

// The end-to-end specs that make the journeys, run as they are through the proxy. Left out: those
// that need the Stripe fake (pro-stripe) or read the server's disk.
const JOURNEYS = [
  'accounts-signup',
  'pbs-add',
  'pbs-history',
  'pbs-manage',
  'share-profile',
  'public-profile',
  'pro-demo',
].map((name) => `**/${name}.spec.ts`);

const launchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS };

export default defineConfig({
  globalSetup: './e2e/fleet/global-setup.ts',
  outputDir: '.tmp/pw-fleet',
  fullyParallel: true,
  ...TEST_LIMITS,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: [['list']],
  use: {
    // As in the main suite: the app's service worker is for the offline specs alone.
    serviceWorkers: 'block',
    ...TEST_EVIDENCE,
  },
  projects: [
    {
      // First in the list, so they start at once beside the journeys: the SIGTERM check then
      // drains, stops and restarts an instance while the journeys go on through the proxy.
      name: 'fleet checks',
      testDir: './e2e/fleet',
      testMatch: '**/*.spec.ts',
    },
    {
      // Desktop only by default, to stay within a few minutes on two cores: the layouts are
      // covered at both sizes by the normal suite; here the flows must hold when consecutive
      // requests land on different instances. FLEET_PHONE=1 adds the phone size. Projects are
      // named as in the main config: specs branch on the name.
      name: 'desktop',
      testDir: './e2e/specs',
      testMatch: JOURNEYS,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    ...(process.env.FLEET_PHONE
      ? [
          {
            name: 'phone',
            testDir: './e2e/specs',
            testMatch: JOURNEYS,
            use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions },
          },
        ]
      : []),
  ],
});
