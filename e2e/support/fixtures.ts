import { test as base, expect, type ConsoleMessage } from '@playwright/test';

/**
 * Every spec imports `test` from here: it points baseURL at the server that global setup started,
 * and fails the test on any console error (a CSP violation, a failed chunk, a React warning).
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: global setup did not run');
    await use(url);
  },
  // A client address of its own per test (TEST-NET-3, never routed), believed via TRUST_PROXY.
  extraHTTPHeaders: async ({}, use) => {
    const octet = () => Math.floor(Math.random() * 254) + 1;
    await use({ 'x-forwarded-for': `203.0.113.${octet()}, 198.51.100.${octet()}` });
  },
  // Prerendered and server-rendered pages show their content before their script has taken
  // over; a click before then would reach the static HTML only. Every page.goto to such a page
  // waits for the app's mark (HydrationMark). Pages the app renders itself need no wait.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const serverRendered = await page
        .locator('#root > *')
        .first()
        .isVisible()
        .catch(() => false);
      if (serverRendered && options?.waitUntil !== 'commit') {
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      }
      return response;
    };
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' && !isHandledApiRefusal(msg)) errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Chromium logs every 4xx answer to fetch as a console error. A refusal from our own API (a wrong
 * password, an expired session before its refresh) is part of a flow the UI handles, so it is not
 * a page error; 5xx answers and failed assets or media still are.
 */
function isHandledApiRefusal(msg: ConsoleMessage): boolean {
  return (
    /status of 4\d\d/.test(msg.text()) &&
    new URL(msg.location().url, 'http://x').pathname.startsWith('/v1/')
  );
}
