import type { Browser, Page } from '@playwright/test';

import { createVerifiedAccount, signIn, type TestAccount } from '../support/accounts.js';
import { test, expect } from '../support/fixtures.js';
import { mailsTo, waitForMail } from '../support/outbox.js';

const NEW_SIGN_IN = /^New sign-in to your PBShare account/;

/** Another browser (its own cookies and storage, so its own device) signed in to the account. */
async function signInElsewhere(
  browser: Browser,
  account: TestAccount,
  use: { baseURL: string; extraHTTPHeaders: Record<string, string> },
) {
  const context = await browser.newContext(use);
  const page = await context.newPage();
  await signIn(page, account);
  return { context, page };
}

async function openDevices(page: Page) {
  await page.goto('/profile/settings?tab=security');
  const panel = page.getByRole('tabpanel', { name: 'Security' });
  await expect(panel.getByRole('list', { name: 'Signed-in devices' })).toBeVisible();
  // Four tabs and the lists fit a 390 px phone: nothing scrolls sideways.
  const overflow = await page.evaluate<number>(
    'document.documentElement.scrollWidth - window.innerWidth',
  );
  expect(overflow).toBeLessThanOrEqual(0);
  return panel;
}

test.describe('your devices', () => {
  // Several sign-ins (each an argon2 check) and browsers per test: more than the default 30 s on
  // a busy two-core machine.
  test.slow();

  test('lists the signed-in devices, mails about a new one, and signs one out at once', async ({
    page,
    request,
    browser,
    baseURL,
    extraHTTPHeaders,
  }) => {
    const use = { baseURL: baseURL ?? '', extraHTTPHeaders: extraHTTPHeaders ?? {} };
    const account = await createVerifiedAccount(request);
    await signIn(page, account);
    // The account's first device is no news: no mail.
    expect(mailsTo(account.email, NEW_SIGN_IN)).toHaveLength(0);

    const other = await signInElsewhere(browser, account, use);
    const mail = await waitForMail(account.email, { subject: NEW_SIGN_IN });
    expect(mail.body).toContain('signed in from a new device');
    const review = new URL(
      /https?:\/\/\S+\/profile\/settings\?tab=security/.exec(mail.body)?.[0] ?? 'http://x/',
    );
    expect(review.search).toBe('?tab=security');

    // The mail's link opens the Security tab.
    await page.goto(review.pathname + review.search);
    const panel = page.getByRole('tabpanel', { name: 'Security' });
    const items = panel.getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText('This device');
    await expect(items.first()).toContainText('Active now');
    await expect(items.nth(1)).toContainText(/Chrom/);
    await expect(items.nth(1)).not.toContainText('This device');

    await items
      .nth(1)
      .getByRole('button', { name: /^Sign out / })
      .click();
    await expect(page.getByText('That device is signed out.')).toBeVisible();
    await expect(items).toHaveCount(1);
    await expect(panel.getByRole('button', { name: 'Sign out everywhere else' })).toHaveCount(0);

    // The other browser is signed out at once: its next call is refused and it lands on sign-in.
    await other.page.reload();
    await expect(other.page).toHaveURL(/\/login/);
    await other.context.close();
  });

  test('signs out everywhere else after asking, and keeps this device', async ({
    page,
    request,
    browser,
    baseURL,
    extraHTTPHeaders,
  }) => {
    const use = { baseURL: baseURL ?? '', extraHTTPHeaders: extraHTTPHeaders ?? {} };
    const account = await createVerifiedAccount(request);
    await signIn(page, account);
    const others = [
      await signInElsewhere(browser, account, use),
      await signInElsewhere(browser, account, use),
    ];
    const panel = await openDevices(page);
    await expect(panel.getByRole('listitem')).toHaveCount(3);

    await panel.getByRole('button', { name: 'Sign out everywhere else' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out everywhere else?' });
    await expect(dialog).toContainText('The 2 other devices will need your password');
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('Every other device is signed out.')).toBeVisible();
    await expect(panel.getByRole('listitem')).toHaveCount(1);

    for (const other of others) {
      await other.page.reload();
      await expect(other.page).toHaveURL(/\/login/);
      await other.context.close();
    }
    // This device is still signed in.
    await page.goto('/profile');
    await expect(page.getByTestId('profile-display-name')).toHaveText(account.username);
  });
});
