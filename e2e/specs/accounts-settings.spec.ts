import type { Page } from '@playwright/test';

import {
  createVerifiedAccount,
  expectSignedIn,
  expectSignInRefused,
  makePng,
  newAccount,
  signedInAccount,
} from '../support/accounts.js';
import { test, expect } from '../support/fixtures.js';

async function openSettings(page: Page, tab: 'Profile' | 'Account' | 'Password') {
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/profile\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
  await page.getByRole('tab', { name: tab }).click();
  return page.getByRole('tabpanel', { name: tab });
}

test.describe('profile settings', () => {
  test('changes the username, bio and avatar, and the top bar shows the new picture', async ({
    page,
    request,
  }) => {
    const account = await signedInAccount(page, request);
    const panel = await openSettings(page, 'Profile');

    const newName = newAccount().username;
    const username = panel.getByRole('textbox', { name: 'Username' });
    await expect(username).toHaveValue(account.username);
    await username.fill(newName);
    await panel
      .getByRole('textbox', { name: 'Bio' })
      .fill('Deadlifts on Mondays, long runs on Sundays.');

    const chooser = page.waitForEvent('filechooser');
    await panel.getByRole('button', { name: 'Upload photo' }).click();
    await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng() });
    await expect(panel.getByText('New photo: me.png. Save to use it.')).toBeVisible();
    await expect(panel.locator('img[src^="blob:"]')).toBeVisible();

    await panel.getByRole('button', { name: 'Save Profile' }).click();
    await page
      .getByRole('dialog', { name: 'Change your link?' })
      .getByRole('button', { name: 'Change link' })
      .click();
    await expect(panel.getByText('Profile updated successfully!')).toBeVisible();

    // 800 ms later, back on the profile under the new name.
    await expectSignedIn(page, newName);
    const avatar = page
      .getByRole('banner')
      .getByRole('link', { name: 'Your profile' })
      .locator('img');
    await expect(avatar).toBeVisible();
    await expect(avatar).toHaveAttribute('src', /\/media\//);
    await expect(avatar).toHaveJSProperty('naturalWidth', 512);

    // It was saved: a reload shows the same.
    await page.reload();
    await expectSignedIn(page, newName);
    const again = await openSettings(page, 'Profile');
    await expect(again.getByRole('textbox', { name: 'Bio' })).toHaveValue(
      'Deadlifts on Mondays, long runs on Sundays.',
    );
    await expect(again.getByRole('button', { name: 'Change photo' })).toBeVisible();
  });

  test('a new username asks before the link moves, and the old link then redirects', async ({
    page,
    request,
    baseURL,
  }) => {
    const account = await signedInAccount(page, request);
    const panel = await openSettings(page, 'Profile');
    const host = new URL(baseURL ?? page.url()).host;

    // A bio-only save does not ask.
    await panel.getByRole('textbox', { name: 'Bio' }).fill('Squats on Fridays.');
    await panel.getByRole('button', { name: 'Save Profile' }).click();
    await expect(panel.getByText('Profile updated successfully!')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectSignedIn(page, account.username);

    const again = await openSettings(page, 'Profile');
    const newName = newAccount().username;
    await again.getByRole('textbox', { name: 'Username' }).fill(newName);
    await again.getByRole('button', { name: 'Save Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change your link?' });
    await expect(dialog).toContainText(
      `Your public page moves to ${host}/${newName}. Links to ${host}/${account.username} keep working for 90 days, then that name is free for others.`,
    );
    await page.screenshot({ path: test.info().outputPath('change-link.png') });

    // Cancel saves nothing and keeps what was typed.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(again.getByRole('textbox', { name: 'Username' })).toHaveValue(newName);
    await expect(again.getByText('Profile updated successfully!')).toHaveCount(0);

    await again.getByRole('button', { name: 'Save Profile' }).click();
    await dialog.getByRole('button', { name: 'Change link' }).click();
    await expect(again.getByText('Profile updated successfully!')).toBeVisible();
    await expectSignedIn(page, newName);

    // The old link still reaches the page, under its new name.
    await page.goto(`/${account.username}`);
    await expect(page).toHaveURL(new RegExp(`/${newName}$`));
  });

  test('a taken username is refused with a clear message', async ({ page, request }) => {
    const other = await createVerifiedAccount(request);
    await signedInAccount(page, request);
    const panel = await openSettings(page, 'Profile');

    await panel.getByRole('textbox', { name: 'Username' }).fill(other.username);
    await panel.getByRole('button', { name: 'Save Profile' }).click();
    await page
      .getByRole('dialog', { name: 'Change your link?' })
      .getByRole('button', { name: 'Change link' })
      .click();

    await expect(page.getByText('Error updating profile')).toBeVisible();
    await expect(panel.getByRole('textbox', { name: 'Username' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(panel.getByText('That username is taken').first()).toBeVisible();
    await expect(page).toHaveURL(/\/profile\/settings$/);
  });

  test('changes the password: the old one stops working, the new one signs in', async ({
    page,
    request,
  }) => {
    const account = await signedInAccount(page, request);
    const panel = await openSettings(page, 'Password');
    const newPassword = `${account.password}-new`;

    const update = panel.getByRole('button', { name: 'Update Password' });
    await expect(update).toBeDisabled();
    await panel.getByLabel('Current Password', { exact: true }).fill(account.password);
    await panel.getByLabel('New Password', { exact: true }).fill(newPassword);
    await expect(update).toBeDisabled();
    await panel.getByLabel('Confirm New Password', { exact: true }).fill(`${newPassword}x`);
    await update.click();
    await expect(panel.getByText('The new passwords do not match')).toBeVisible();

    await panel.getByLabel('Confirm New Password', { exact: true }).fill(newPassword);
    await update.click();
    await expect(panel.getByText('Password updated successfully!')).toBeVisible();

    // Still signed in on this device.
    await page.reload();
    await page.getByRole('tab', { name: 'Account' }).click();
    await page
      .getByRole('tabpanel', { name: 'Account' })
      .getByRole('button', { name: 'Sign Out' })
      .click();
    await expect(page).toHaveURL(/\/$/);

    // The old password no longer works...
    await expectSignInRefused(page, account);

    // ...the new one does.
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectSignedIn(page, account.username);
  });

  test('a wrong current password is an error, not the end of the session', async ({
    page,
    request,
  }) => {
    const account = await signedInAccount(page, request);
    const panel = await openSettings(page, 'Password');

    await panel.getByLabel('Current Password', { exact: true }).fill(`${account.password}-nope`);
    await panel.getByLabel('New Password', { exact: true }).fill('another-secret');
    await panel.getByLabel('Confirm New Password', { exact: true }).fill('another-secret');
    await panel.getByRole('button', { name: 'Update Password' }).click();

    await expect(page.getByText('Error', { exact: true })).toBeVisible();
    await expect(panel.getByLabel('Current Password', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
  });

  test('the close button returns to the profile', async ({ page, request }) => {
    const account = await signedInAccount(page, request);
    await openSettings(page, 'Profile');

    await page.getByRole('link', { name: 'Close settings' }).click();
    await expectSignedIn(page, account.username);
  });
});
