import type { Page } from '@playwright/test';

import { expect, test } from './fixtures.js';

/** The specs of the Stripe path run against the Stripe-configured server (stripe-server.ts). */
export const stripeTest = test.extend({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_STRIPE_BASE_URL;
    if (!url) throw new Error('E2E_STRIPE_BASE_URL is not set: global setup did not run');
    await use(url);
  },
});

/** After a purchase: the toast, back on the profile, the Pro badge, no upgrade offer left. */
export async function expectJustBecamePro(page: Page, path = /\/profile$/): Promise<void> {
  // The return page polls every 1.5 s; a loaded CI machine can take a few rounds.
  await expect(page.getByText('Subscription Purchased!')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Your subscription has been activated successfully.')).toBeVisible();
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Upgrade to Pro' })).toHaveCount(
    0,
  );
}
