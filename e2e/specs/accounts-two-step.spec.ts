import type { Page } from '@playwright/test';
import { generate } from 'otplib';

import {
  createVerifiedAccount,
  signIn,
  submitSignIn,
  type TestAccount,
} from '../support/accounts.js';
import { test, expect } from '../support/fixtures.js';

/** The code the authenticator app shows `steps` periods from now. */
function codeFor(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

async function signOut(page: Page) {
  await page.goto('/profile/settings?tab=account');
  await page
    .getByRole('tabpanel', { name: 'Account' })
    .getByRole('button', { name: 'Sign Out' })
    .click();
  await expect(page).toHaveURL(/\/$/);
}

/** Turns the authenticator app on in Settings; answers its secret and the recovery codes. */
async function turnOnTwoStep(page: Page, account: TestAccount) {
  await page.goto('/profile/settings?tab=security');
  const panel = page.getByRole('tabpanel', { name: 'Security' });
  await panel.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await panel.getByLabel('Your password', { exact: true }).fill(account.password);
  await panel.getByRole('button', { name: 'Continue' }).click();
  await expect(
    panel.getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible();
  const secret = (await panel.getByTestId('two-step-secret').innerText()).replace(/\s+/g, '');
  await panel.getByLabel('Code from your app').fill(await codeFor(secret));
  await panel.getByRole('button', { name: 'Turn on' }).click();

  const list = panel.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = await list.getByRole('listitem').allInnerTexts();
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download codes' }).click();
  expect((await download).suggestedFilename()).toBe('pbshare-recovery-codes.txt');
  await panel.getByRole('button', { name: 'I saved them' }).click();
  await expect(panel.getByText('10 of 10 recovery codes left')).toBeVisible();
  await expect(list).toHaveCount(0);
  return { secret, codes };
}

test.describe('two-step sign-in', () => {
  // Several sign-ins (each an argon2 check) and browsers per test: more than the default 30 s on
  // a busy two-core machine.
  test.slow();

  test('set up with a scan and a code, then sign in with a code and with a recovery code', async ({
    page,
    request,
  }) => {
    const account = await createVerifiedAccount(request);
    await signIn(page, account);
    const { secret, codes } = await turnOnTwoStep(page, account);

    // A right password now asks for the app's code; a wrong code is said, a right one signs in.
    await signOut(page);
    await page.goto('/login');
    await submitSignIn(page, account);
    await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
    await page.getByLabel('Code from your app').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(
      page.getByText('That code is not right. Check your app and try again.'),
    ).toBeVisible();
    await page.getByLabel('Code from your app').fill(await codeFor(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/profile$/);

    // Without the phone: a recovery code, once.
    await signOut(page);
    await page.goto('/login');
    await submitSignIn(page, account);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(codes[0] ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.goto('/profile/settings?tab=security');
    await expect(page.getByText('9 of 10 recovery codes left')).toBeVisible();
  });

  test('turning it off needs the password and a code; then a password alone signs in', async ({
    page,
    request,
  }) => {
    const account = await createVerifiedAccount(request);
    await signIn(page, account);
    const { codes } = await turnOnTwoStep(page, account);
    const panel = page.getByRole('tabpanel', { name: 'Security' });
    await panel.getByRole('button', { name: 'Turn off' }).click();
    await panel.getByLabel('Your password', { exact: true }).fill(account.password);
    await panel.getByLabel('Code from your app or a recovery code').fill(codes[4] ?? '');
    await panel.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
    await expect(page.getByText('Two-step sign-in is off.')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Set up an authenticator app' })).toBeVisible();

    await signOut(page);
    await signIn(page, account);
  });
});
