import {
  createVerifiedAccount,
  expectSignedIn,
  expectSignInRefused,
  registerAccount,
  signedInAccount,
  submitSignIn,
  VERIFY_SUBJECT,
} from '../support/accounts.js';
import { test, expect } from '../support/fixtures.js';
import { waitForMail } from '../support/outbox.js';

test.describe('sessions', () => {
  for (const path of ['/profile', '/profile/settings', '/add-pb', '/share-profile']) {
    test(`${path} sends a visitor to sign in, replacing the history entry`, async ({ page }) => {
      await page.goto('/pricing');
      await page.goto(path);

      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();

      await page.goBack();
      await expect(page).toHaveURL(/\/pricing$/);
    });
  }

  test('a wrong password shows the alert and keeps the visitor signed out', async ({
    page,
    request,
  }) => {
    const account = await createVerifiedAccount(request);
    await expectSignInRefused(page, {
      email: account.email,
      password: `${account.password}-wrong`,
    });
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();

    // The show/hide toggle reveals what was typed.
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('an unverified account is told so and can ask for a new link', async ({ page, request }) => {
    const account = await registerAccount(request);
    await waitForMail(account.email, { subject: VERIFY_SUBJECT });

    await page.goto('/login');
    await submitSignIn(page, account);

    const alert = page.getByRole('alert');
    await expect(alert).toContainText(
      'Please verify your email before signing in. Check your inbox, or send a new link.',
    );

    await alert.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(
      alert.getByText('If that account still needs verifying, a new link is on its way.'),
    ).toBeVisible();
    await waitForMail(account.email, { subject: VERIFY_SUBJECT, count: 2 });
  });

  test('sign-in from a bookmarked signed-in page returns to that page', async ({
    page,
    request,
  }) => {
    const account = await createVerifiedAccount(request);
    await page.goto('/profile/settings?tab=password');
    await expect(page).toHaveURL(/\/login$/);

    await submitSignIn(page, account);

    await expect(page).toHaveURL(/\/profile\/settings\?tab=password$/);
    await expect(page.getByRole('tab', { name: 'Password', selected: true })).toBeVisible();

    await page.getByRole('banner').getByRole('link', { name: 'Your profile' }).click();
    await page.goto('/share-profile');
    await expect(page).toHaveURL(/\/share-profile$/);
  });

  test('an expired access token is refreshed once, without signing the user out', async ({
    page,
    request,
  }) => {
    const account = await signedInAccount(page, request);
    const refreshes: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/v1/auth/refresh')) refreshes.push(req.url());
    });

    // A token the server no longer accepts, as after its 15 minutes.
    await page.evaluate("localStorage.setItem('accessToken', 'expired.token.value')");
    await page.reload();

    await expectSignedIn(page, account.username);
    expect(refreshes).toHaveLength(1);
    const stored = await page.evaluate<string | null>("localStorage.getItem('accessToken')");
    expect(stored).not.toBe('expired.token.value');
    expect(stored).toBeTruthy();
  });

  test('signing out forgets the session and goes home', async ({ page, request }) => {
    await signedInAccount(page, request);

    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
    await page.getByRole('tab', { name: 'Account' }).click();
    await page
      .getByRole('tabpanel', { name: 'Account' })
      .getByRole('button', { name: 'Sign Out' })
      .click();

    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Every PB has a story. Show it off.' }),
    ).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Your profile' })).toHaveCount(
      0,
    );
    expect(await page.evaluate<string | null>("localStorage.getItem('accessToken')")).toBeNull();

    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
  });
});
