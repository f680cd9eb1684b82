import type { Browser, Page } from '@playwright/test';

import { test, expect } from '../support/fixtures.js';
import { endScreenHeading, sharerWithPbs, slideTitle } from '../support/share.js';
import { onSlowLine } from '../../scripts/lib/slow-line.mjs';
import { visitorContext } from '../support/visitor.js';

/**
 * A signed-out visitor of the project's size whose page gets its script only when the test lets
 * it go, as on a slow phone line where the page paints well before it can hydrate. Held rather
 * than delayed by a fixed time: on a busy machine the tap could otherwise come after the script.
 */
async function slowScriptVisitor(
  browser: Browser,
  baseURL: string | undefined,
  size: { width: number; height: number } | null,
): Promise<{ v: Page; hold: () => void; letScriptIn: () => void }> {
  const context = await visitorContext(browser, baseURL, size, { hasTouch: size?.width === 390 });
  const v = await context.newPage();
  let release: (() => void) | undefined;
  let held = Promise.resolve();
  const hold = () => {
    held = new Promise((resolve) => {
      release = resolve;
    });
  };
  hold();
  // Routing also turns off the HTTP cache, so each visit asks for the script again.
  await v.route(/\/assets\/public-profile-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return {
    v,
    hold,
    letScriptIn: () => {
      release?.();
    },
  };
}

test.describe('taps before the public page has hydrated', () => {
  // Hydration on a loaded two-core machine can take most of the default 30 s by itself.
  test.slow();
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
    const { v, hold, letScriptIn } = await slowScriptVisitor(browser, baseURL, page.viewportSize());
    const errors: string[] = [];
    v.on('pageerror', (error) => errors.push(error.message));

    await v.goto(`/${account.username}`, { waitUntil: 'commit' });
    await expect(slideTitle(v)).toHaveText('Bench');
    await expect(v.locator('html[data-hydrated]')).toHaveCount(0);
    await v.screenshot({ path: testInfo.outputPath('before-script.png') });
    // The server's own button, before any script has run.
    await v.getByRole('button', { name: 'Next personal best' }).click();
    await expect(v.locator('html[data-hydrated]')).toHaveCount(0);

    letScriptIn();
    await v.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
    await expect(slideTitle(v)).toHaveText('Squat');

    // The same for Close: the story ends on the end screen once hydrated.
    hold();
    await v.goto(`/${account.username}`, { waitUntil: 'commit' });
    await expect(slideTitle(v)).toHaveText('Bench');
    await v.getByRole('button', { name: 'Close' }).click();
    await expect(v.locator('html[data-hydrated]')).toHaveCount(0);
    letScriptIn();
    await expect(endScreenHeading(v)).toBeVisible({ timeout: 60_000 });
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

    await v.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
    await expect(slideTitle(v)).toHaveText('Deadlift');
    await context.close();
  });
});
