import {
  expectSignedIn,
  newAccount,
  verifyAndSignIn,
  VERIFY_SUBJECT,
} from '../support/accounts.js';
import { test, expect } from '../support/fixtures.js';
import { linkOf, mailsTo, waitForMail } from '../support/outbox.js';

test.describe('sign-up', () => {
  test('from the landing claim box through the mailed link to a session that survives a reload', async ({
    page,
  }, testInfo) => {
    const account = newAccount();
    await page.goto('/');

    // The landing page's claim box carries the username to the form.
    await page.getByRole('textbox', { name: 'Your username' }).fill(account.username);
    await page.getByRole('button', { name: 'Share your PBs' }).click();
    await expect(page).toHaveURL(new RegExp(`/signup\\?username=${account.username}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Create your account' }),
    ).toBeVisible();
    const form = page.getByRole('form', { name: 'Sign up' });
    await expect(form.getByRole('textbox', { name: 'Username' })).toHaveValue(account.username);
    await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();

    await form.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await form.getByLabel('Password', { exact: true }).fill(account.password);
    await form.getByRole('button', { name: 'Create account' }).click();

    // The verify-your-email screen.
    await expect(page.getByRole('heading', { level: 1, name: 'Verify Your Email' })).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
    await expect(page.getByText('Check your inbox')).toBeVisible();
    await expect(page.getByRole('link', { name: 'I have verified my email' })).toBeVisible();

    // The mail, and its link.
    const mail = await waitForMail(account.email, { subject: VERIFY_SUBJECT });
    expect(mail.body).toContain(account.username);
    // Verified: on to sign-in with a notice and the e-mail filled in, then signed in.
    await verifyAndSignIn(page, linkOf(mail), account);

    // Signed-in top bar: avatar (the initial), the logo to /profile, no Login or Sign Up.
    const header = page.getByRole('banner');
    const avatar = header.getByRole('link', { name: 'Your profile' });
    await expect(avatar).toHaveText(account.username[0]?.toUpperCase() ?? '');
    await expect(header.getByRole('link', { name: 'PBShare home' })).toHaveAttribute(
      'href',
      '/profile',
    );
    await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);
    if (testInfo.project.name === 'desktop') {
      await expect(header.getByRole('link', { name: 'Upgrade to Pro' })).toBeVisible();
    } else {
      await header.getByRole('button', { name: 'Open menu' }).click();
      await expect(header.getByRole('link', { name: 'Upgrade to Pro' })).toBeVisible();
      await page.keyboard.press('Escape');
    }

    // A reload keeps the session: the stored token brings the user back.
    await page.reload();
    await expectSignedIn(page, account.username);
    expect(await page.evaluate<string | null>("localStorage.getItem('accessToken')")).toBeTruthy();
  });

  test('the verify screen sends the mail again, and Try again returns to the form', async ({
    page,
  }) => {
    const account = newAccount();
    await page.goto(`/signup?username=${account.username}`);
    await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Verify Your Email' })).toBeVisible();
    await waitForMail(account.email, { subject: VERIFY_SUBJECT });

    await page.getByRole('button', { name: 'Send it again' }).click();
    await expect(
      page.getByText('If that account still needs verifying, a new link is on its way.'),
    ).toBeVisible();
    await waitForMail(account.email, { subject: VERIFY_SUBJECT, count: 2 });

    await page.getByRole('button', { name: 'Try again' }).click();
    const form = page.getByRole('form', { name: 'Sign up' });
    await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue(account.email);
    await expect(form.getByRole('textbox', { name: 'Username' })).toHaveValue(account.username);
  });

  test('checks the fields before sending anything', async ({ page }) => {
    await page.goto('/signup?username=My%20Name');
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(
      page.getByText('Usernames can use letters, numbers, dots, dashes and underscores'),
    ).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  test('a broken verification link says so and offers a new one', async ({ page, request }) => {
    const account = newAccount();
    const response = await request.post('/v1/auth/register', {
      data: { email: account.email, password: account.password, displayName: account.username },
    });
    expect(response.status()).toBe(201);
    await waitForMail(account.email, { subject: VERIFY_SUBJECT });

    await page.goto('/verify?token=not-a-real-token');
    await expect(
      page.getByRole('heading', { level: 1, name: 'We could not verify your email' }),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('This verification link is not valid.');

    await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await expect(
      page.getByText('If that account still needs verifying, a new link is on its way.'),
    ).toBeVisible();
    const mail = await waitForMail(account.email, { subject: VERIFY_SUBJECT, count: 2 });
    expect(mailsTo(account.email, VERIFY_SUBJECT)).toHaveLength(2);

    // The new link works.
    await page.goto(linkOf(mail));
    await expect(page.getByText('Your email is verified. You can sign in now.')).toBeVisible();
  });
});
