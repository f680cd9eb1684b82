import type { Page } from '@playwright/test';

import {
  createVerifiedAccount,
  expectSignedIn,
  newAccount,
  VERIFY_SUBJECT,
} from '../support/accounts.js';
import { test, expect } from '../support/fixtures.js';
import { linkOf, waitForMail } from '../support/outbox.js';

/**
 * WebAuthn refuses an IP address as a relying party, so passkeys run on http://localhost at the
 * server's port (the server accepts it beside its loopback public origin): the whole walk
 * happens there, with DevTools' virtual authenticator standing in for the phone's screen lock.
 */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

/**
 * DevTools' virtual authenticator answers the login page's autofill request by itself, as soon
 * as it is made; while `e2e-no-autofill` is in localStorage the page is told the browser has no
 * autofill, so that the button's own prompt is what signs in.
 */
async function holdAutofillBack(page: Page, hold: boolean): Promise<void> {
  await page.evaluate(
    hold
      ? "localStorage.setItem('e2e-no-autofill', '1')"
      : "localStorage.removeItem('e2e-no-autofill')",
  );
}

async function signOut(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/profile/settings?tab=account`);
  await page
    .getByRole('tabpanel', { name: 'Account' })
    .getByRole('button', { name: 'Sign Out' })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect
    .poll(() => page.evaluate<string | null>("localStorage.getItem('accessToken')"))
    .toBeNull();
}

/** Where the browser has no autofill, the login page's button is what signs in. */
const NO_AUTOFILL_SCRIPT =
  "if (localStorage.getItem('e2e-no-autofill')) PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);";

async function openSecurity(page: Page, origin: string) {
  await page.goto(`${origin}/profile/settings?tab=security`);
  return page.getByRole('tabpanel', { name: 'Security' });
}

test.describe('passkeys', () => {
  test('adds a passkey in Settings, signs in with it, and removes it', async ({
    page,
    request,
    baseURL,
  }) => {
    // Four sign-ins and two ceremonies: more than one walk's usual time on a busy machine.
    test.slow();
    const origin = (baseURL ?? '').replace('127.0.0.1', 'localhost');
    await addVirtualAuthenticator(page);
    await page.addInitScript(NO_AUTOFILL_SCRIPT);
    const account = await createVerifiedAccount(request);
    await page.goto(`${origin}/login`);
    await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectSignedIn(page, account.username);

    let security = await openSecurity(page, origin);
    await expect(security.getByText('You have no passkeys yet.')).toBeVisible();
    await security.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(page.getByText('Passkey added. You can sign in with it now.')).toBeVisible();
    const passkeys = security.getByRole('list', { name: 'Passkeys' });
    await expect(passkeys.getByRole('listitem')).toHaveCount(1);
    await expect(passkeys).toContainText('Not used yet');

    await holdAutofillBack(page, true);
    await signOut(page, origin);
    await page.goto(`${origin}/login`);
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute(
      'autocomplete',
      'username webauthn',
    );
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expectSignedIn(page, account.username);

    // Through the browser's autofill: the login page asks on arrival, the passkey answers.
    await holdAutofillBack(page, false);
    await signOut(page, origin);
    await page.goto(`${origin}/login`);
    await expectSignedIn(page, account.username);

    security = await openSecurity(page, origin);
    const item = security.getByRole('list', { name: 'Passkeys' }).getByRole('listitem');
    await expect(item).toContainText('Last used');
    await item.getByRole('button', { name: /^Remove / }).click();
    await page
      .getByRole('dialog', { name: 'Remove this passkey?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(page.getByText('Passkey removed.')).toBeVisible();
    await expect(security.getByText('You have no passkeys yet.')).toBeVisible();
  });

  test('signs up with a passkey, follows the mailed link, and signs in with the passkey', async ({
    page,
    baseURL,
  }) => {
    // A ceremony, a mail and two passkey sign-ins.
    test.slow();
    const origin = (baseURL ?? '').replace('127.0.0.1', 'localhost');
    await addVirtualAuthenticator(page);
    await page.addInitScript(NO_AUTOFILL_SCRIPT);
    const account = newAccount();

    await page.goto(`${origin}/signup`);
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await form.getByRole('textbox', { name: 'Username' }).fill(account.username);
    // No password: the passkey takes its place.
    await form.getByRole('button', { name: 'Sign up with a passkey' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Verify Your Email' })).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();

    // The login page the link lands on would otherwise sign in by the autofill at once.
    await holdAutofillBack(page, true);
    // The mailed link, opened where the passkey lives (its host is the server's loopback origin).
    const mail = await waitForMail(account.email, { subject: VERIFY_SUBJECT });
    const link = new URL(linkOf(mail));
    await page.goto(`${origin}${link.pathname}${link.search}`);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your email is verified. You can sign in now.')).toBeVisible();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expectSignedIn(page, account.username);

    // Settings knows there is no password yet.
    await page.goto(`${origin}/profile/settings?tab=password`);
    await expect(
      page
        .getByRole('tabpanel', { name: 'Password' })
        .getByRole('button', { name: 'Set a password' }),
    ).toBeVisible();

    await signOut(page, origin);
    await page.goto(`${origin}/login`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expectSignedIn(page, account.username);
  });
});
