import type { Page } from '@playwright/test';

import { expect } from './fixtures.js';

/**
 * The claim form shows the page's host before the typed name. CSS draws it from a property the
 * boot script sets before the first paint, so it is no text node to find by its text.
 */
export async function expectHostPrefix(page: Page): Promise<void> {
  const host = new URL(page.url()).host;
  await expect(page.getByTestId('page-host')).toBeVisible();
  // A string: the specs are type-checked without the DOM library.
  const drawn = await page.evaluate<string>(
    `getComputedStyle(document.querySelector('[data-testid=page-host]'), '::before').content`,
  );
  expect(drawn).toBe(`"${host}/"`);
}
