// Debian's chromium, for Playwright and the Lighthouse bench: Playwright's own browser download is
// not reachable from our machines.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for a quiet, repeatable browser in a container: no sandbox, GPU or background traffic. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Playwright's limits for both configs. Two browsers, the server and its ffmpeg share two cores,
 * and CI machines differ in speed (one run here did the same work 1.5 times slower than the one
 * before): tests that wait on a rendition or a service worker's install passed 30 s, and single
 * checks 5 s.
 */
export const TEST_LIMITS = { timeout: 60_000, expect: { timeout: 10_000 } };

/**
 * What a failed test leaves behind, for both configs: its trace (actions, DOM snapshots, network)
 * and a screenshot. The trace's screencast is left out: encoding frames all through every test
 * tripled the CPU of Chromium's GPU process and made the suite 1.5 times slower (27 tests: 2.7
 * min with it, 1.9 without, 1.8 with no trace at all).
 *
 * @type {Pick<import('@playwright/test').PlaywrightWorkerOptions, 'trace' | 'screenshot'>}
 */
export const TEST_EVIDENCE = {
  trace: { mode: 'retain-on-failure', screenshots: false },
  screenshot: 'only-on-failure',
};
