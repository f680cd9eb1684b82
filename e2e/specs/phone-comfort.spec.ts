import type { Locator } from '@playwright/test';

import { signedInAccount } from '../support/accounts.js';
import { test, expect } from '../support/fixtures.js';

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: typeof a,
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe('phone comfort', () => {
  test('a toast never covers the header, the page title or its close button, and closes from a 24 px target', async ({
    page,
    request,
  }) => {
    const account = await signedInAccount(page, request);
    await page.goto('/profile/settings?tab=password');
    const panel = page.getByRole('tabpanel', { name: 'Password' });
    await panel.getByLabel('Current Password', { exact: true }).fill(`${account.password}-nope`);
    await panel.getByLabel('New Password', { exact: true }).fill('another-secret');
    await panel.getByLabel('Confirm New Password', { exact: true }).fill('another-secret');
    await panel.getByRole('button', { name: 'Update Password' }).click();

    const toast = page.locator('[data-sonner-toast]');
    await expect(toast).toBeVisible();
    // Sonner slides the toast in; measure where it comes to rest.
    await expect(toast).toHaveAttribute('data-mounted', 'true');
    await page.waitForTimeout(500);
    const toastBox = await box(toast);
    const viewport = page.viewportSize();
    if (!viewport) throw new Error('no viewport');

    const covered = [
      page.getByRole('banner'),
      page.getByRole('heading', { level: 1, name: 'Profile Settings' }),
      page.getByRole('link', { name: 'Close settings' }),
    ];
    for (const part of covered) {
      expect(overlaps(toastBox, await box(part)), `toast over ${String(part)}`).toBe(false);
    }
    expect(toastBox.y + toastBox.height).toBeGreaterThan(viewport.height - 120);

    const close = toast.getByRole('button', { name: /close/i });
    const closeBox = await box(close);
    expect(closeBox.width).toBeGreaterThanOrEqual(24);
    expect(closeBox.height).toBeGreaterThanOrEqual(24);
    await close.click();
    await expect(toast).toBeHidden();
  });

  test('the settings tab is in the address: a reload and Back land on it', async ({
    page,
    request,
  }) => {
    await signedInAccount(page, request);
    await page.goto('/profile/settings');
    await page.getByRole('tab', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/profile\/settings\?tab=account$/);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Account', selected: true })).toBeVisible();

    await page.getByRole('link', { name: 'Close settings' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.goBack();
    await expect(page.getByRole('tab', { name: 'Account', selected: true })).toBeVisible();
  });

  test('signs out from the top bar', async ({ page, request }, testInfo) => {
    await signedInAccount(page, request);
    const header = page.getByRole('banner');
    if (testInfo.project.name === 'phone') {
      await header.getByRole('button', { name: 'Open menu' }).click();
    }
    await header.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(header.getByRole('link', { name: 'Login' }).first()).toBeAttached();

    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login/);
  });
});
