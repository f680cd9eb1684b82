import {
  createVerifiedAccount,
  expectSignInRefused,
  RESET_SUBJECT,
  signedInAccount,
  signIn,
} from '../support/accounts.js';
import { test, expect } from '../support/fixtures.js';
import { linkOf, waitForMail } from '../support/outbox.js';

test.describe('account recovery and deletion', () => {
  test('resets a forgotten password through the mailed link', async ({ page, request }) => {
    const account = await createVerifiedAccount(request);
    const newPassword = `${account.password}-reset`;

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(
      page.getByText('If an account exists for that email, a reset link is on its way.'),
    ).toBeVisible();

    const mail = await waitForMail(account.email, { subject: RESET_SUBJECT });
    const link = linkOf(mail);
    expect(new URL(link).pathname).toBe('/reset-password');
    await page.goto(link);

    await expect(
      page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByText('Your password has been reset. Please sign in with your new password.'),
    ).toBeVisible();
    await signIn(page, { ...account, password: newPassword });
  });

  test('deletes the account, after which it cannot sign in', async ({ page, request }) => {
    const account = await signedInAccount(page, request);
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('tab', { name: 'Account' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Account' });
    await expect(panel.getByRole('textbox', { name: 'Email' })).toHaveValue(account.email);
    await expect(panel.getByText('Your email address cannot be changed')).toBeVisible();

    await panel.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Password', { exact: true }).fill(account.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Account deleted')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Your profile' })).toHaveCount(
      0,
    );

    await expectSignInRefused(page, account);
  });
});
