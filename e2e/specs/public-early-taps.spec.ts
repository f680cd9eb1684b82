import type { Browser, Page } from '@playwright/test';

import { test, expect } from '../support/fixtures.js';
import { endScreenHeading, sharerWithPbs, slideTitle } from '../support/share.js';
import { onSlowLine } from '../support/network.js';
import { visitorContext } from '../support/visitor.js';

/** How long the public page's script is held back: long enough to tap before it runs. */
const SCRIPT_DELAY_MS = 2500;

/**
 * A signed-out visitor of the project's size whose page gets its script late, as on a slow
 * phone line where the page paints well before it can hydrate.
 */
async function slowScriptVisitor(
  browser: Browser,
  baseURL: string | undefined,
  size: { width: number; height: number } | null,
): Promise<Page> {
  const context = await visitorContext(browser, baseURL, size, { hasTouch: size?.width === 390 });
  const v = await context.newPage();
  await v.route(/\/assets\/public-profile-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS));
    await route.continue();
  });
  return v;
}

test.describe('taps before the public page has hydrated', () => {
  test('are played once it has: next, then close', async ({
    page,
    request,
    browser,
    baseURL,
    consoleErrors,
  }, testInfo) => {
    const { account } = await sharerWithPbs(page, request, [
      { title: 'Deadlift', value: '405 lbs' },
      { title: 'Squat', value: '315 lbs' },
      { title: 'Bench', value: '225 lbs' },
    ]);
    const v = await slowScriptVisitor(browser, baseURL, page.viewportSize());
    const errors: string[] = [];
    v.on('pageerror', (error) => errors.push(error.message));

    await v.goto(`/${account.username}`, { waitUntil: 'commit' });
    await expect(slideTitle(v)).toHaveText('Bench');
    await expect(v.locator('html[data-hydrated]')).toHaveCount(0);
    await v.screenshot({ path: testInfo.outputPath('before-script.png') });
    // The server's own button, before any script has run.
    await v.getByRole('button', { name: 'Next personal best' }).click();
    await expect(v.locator('html[data-hydrated]')).toHaveCount(0);

    await v.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 15_000 });
    await expect(slideTitle(v)).toHaveText('Squat');

    // The same for Close: the story ends on the end screen once hydrated.
    await v.goto(`/${account.username}`, { waitUntil: 'commit' });
    await expect(slideTitle(v)).toHaveText('Bench');
    await v.getByRole('button', { name: 'Close' }).click();
    await expect(v.locator('html[data-hydrated]')).toHaveCount(0);
    await expect(endScreenHeading(v)).toBeVisible({ timeout: 15_000 });
    expect(errors).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await v.context().close();
  });

  test('at 400 kbit/s, a tap on Next made as soon as the slide paints is carried out', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const { account } = await sharerWithPbs(page, request, [
      { title: 'Deadlift', value: '405 lbs' },
      { title: 'Squat', value: '315 lbs' },
    ]);
    const size = page.viewportSize();
    const context = await visitorContext(browser, baseURL, size, {
      hasTouch: size?.width === 390,
    });
    const v = await context.newPage();
    await onSlowLine(context, v);

    await v.goto(`/${account.username}`, { waitUntil: 'commit' });
    await expect(slideTitle(v)).toHaveText('Squat', { timeout: 10_000 });
    await v.getByRole('button', { name: 'Next personal best' }).click();
    // The script is still on its way: the tap was the server's markup's, kept for later.
    expect(await v.locator('html[data-hydrated]').count()).toBe(0);

    await v.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
    await expect(slideTitle(v)).toHaveText('Deadlift');
    await context.close();
  });
});
