import { test, expect } from '../support/fixtures.js';

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  // Three segments: one could be somebody's public profile, two a link to one of their PBs.
  await page.goto('/no/such/page');

  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);

  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Every PB has a story. Show it off.',
  );
});
