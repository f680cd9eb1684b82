import { test, expect } from '../support/fixtures.js';

// Strings, as the e2e TypeScript project has no DOM types.
const RECORD_SHIFTS = `
  window.__layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput) window.__layoutShift += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;
const INTER_LOADED = `[...document.fonts].some(
  (face) => face.family.replace(/"/g, '') === 'Inter Variable' && face.status === 'loaded',
)`;
const HEADING_FONT = `getComputedStyle(document.querySelector('h1')).fontFamily`;
/** The layout shift so far, read two frames on so a shift just painted has been reported. */
const LAYOUT_SHIFT = `new Promise((resolve) =>
  requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.__layoutShift))),
)`;

test.describe('the landing page font', () => {
  test('ends up in Inter, and the swap from the fallback shifts nothing', async ({ page }) => {
    await page.addInitScript(RECORD_SHIFTS);
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Every PB has a story. Show it off.' }),
    ).toBeVisible();

    await expect(page.locator('html')).toHaveClass(/\bweb-font\b/);
    await expect.poll(() => page.evaluate<boolean>(INTER_LOADED)).toBe(true);
    expect(await page.evaluate<string>(HEADING_FONT)).toMatch(/^"Inter Variable"/);
    expect(await page.evaluate<number>(LAYOUT_SHIFT)).toBeLessThan(0.01);
  });
});
