import type { BrowserContext, Page } from '@playwright/test';

import { signedInAccount, signIn, type TestAccount } from '../support/accounts.js';
import { test as base, expect } from '../support/fixtures.js';
import { mailsTo, waitForMail } from '../support/outbox.js';

const NEW_SIGN_IN = /^New sign-in to your PBShare account/;

/** Another browser signed in to the account: its own cookies and storage, so its own device. */
interface OtherDevice {
  /** Reloads its page and expects to land on sign-in: its session is over. */
  expectSignedOut(): Promise<void>;
}

/** The account each test starts from, signed in on `page`: this device. */
interface Owner {
  account: TestAccount;
  signInElsewhere(): Promise<OtherDevice>;
}

const test = base.extend<{ owner: Owner }>({
  owner: async ({ page, request, browser, baseURL, extraHTTPHeaders }, use) => {
    const account = await signedInAccount(page, request);
    const contexts: BrowserContext[] = [];
    await use({
      account,
      signInElsewhere: async () => {
        const context = await browser.newContext({ baseURL, extraHTTPHeaders });
        contexts.push(context);
        const other = await context.newPage();
        await signIn(other, account);
        return {
          expectSignedOut: async () => {
            await other.reload();
            await expect(other).toHaveURL(/\/login/);
          },
        };
      },
    });
    for (const context of contexts) await context.close();
  },
});

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
    owner,
  }) => {
    // The account's first device is no news: no mail.
    expect(mailsTo(owner.account.email, NEW_SIGN_IN)).toHaveLength(0);

    const other = await owner.signInElsewhere();
    const mail = await waitForMail(owner.account.email, { subject: NEW_SIGN_IN });
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
    await other.expectSignedOut();
  });

  test('signs out everywhere else after asking, and keeps this device', async ({ page, owner }) => {
    const others = [await owner.signInElsewhere(), await owner.signInElsewhere()];
    const panel = await openDevices(page);
    await expect(panel.getByRole('listitem')).toHaveCount(3);

    await panel.getByRole('button', { name: 'Sign out everywhere else' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out everywhere else?' });
    await expect(dialog).toContainText('The 2 other devices will need your password');
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('Every other device is signed out.')).toBeVisible();
    await expect(panel.getByRole('listitem')).toHaveCount(1);

    for (const other of others) await other.expectSignedOut();
    // This device is still signed in.
    await page.goto('/profile');
    await expect(page.getByTestId('profile-display-name')).toHaveText(owner.account.username);
  });
});
