import { randomBytes } from 'node:crypto';

import type { APIRequestContext, Page } from '@playwright/test';

import { expect } from './fixtures.js';
import { linkOf, waitForMail } from './outbox.js';
import { encodePng } from './png.js';

/** An account no other test uses: the username is also the e-mail's local part. */
export interface TestAccount {
  email: string;
  username: string;
  password: string;
}

export function newAccount(): TestAccount {
  const username = `pb${randomBytes(5).toString('hex')}`;
  return {
    email: `${username}@example.com`,
    username,
    password: `Secret-${randomBytes(3).toString('hex')}`,
  };
}

export const VERIFY_SUBJECT = /^Verify your email/;
export const RESET_SUBJECT = /^Reset your .* password/;

/** Registers through the API (as the sign-up form would) without verifying the e-mail. */
export async function registerAccount(
  request: APIRequestContext,
  account: TestAccount = newAccount(),
): Promise<TestAccount> {
  const response = await request.post('/v1/auth/register', {
    data: { email: account.email, password: account.password, displayName: account.username },
  });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

/** Registers through the API and follows the mailed verification link. */
export async function createVerifiedAccount(
  request: APIRequestContext,
  account: TestAccount = newAccount(),
): Promise<TestAccount> {
  await registerAccount(request, account);
  const mail = await waitForMail(account.email, { subject: VERIFY_SUBJECT });
  const response = await request.get(
    linkOf(mail).replace(/^https?:\/\/[^/]+\/verify/, '/v1/auth/verify'),
  );
  expect(response.status(), await response.text()).toBe(200);
  return account;
}

/** Signs in through the form and waits for the profile. */
export async function signIn(
  page: Page,
  { email, password, username }: Pick<TestAccount, 'email' | 'password' | 'username'>,
): Promise<void> {
  await page.goto('/login');
  await submitSignIn(page, { email, password });
  await expectSignedIn(page, username);
}

/** Fills and sends the sign-in form already on screen. */
export async function submitSignIn(
  page: Page,
  { email, password }: Pick<TestAccount, 'email' | 'password'>,
): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signing in with these credentials is refused with the wrong-credentials message. */
export async function expectSignInRefused(
  page: Page,
  credentials: Pick<TestAccount, 'email' | 'password'>,
): Promise<void> {
  await page.goto('/login');
  await submitSignIn(page, credentials);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please try again.');
  await expect(page).toHaveURL(/\/login$/);
}

/** A fresh verified account, signed in on /profile. */
export async function signedInAccount(
  page: Page,
  request: APIRequestContext,
): Promise<TestAccount> {
  const account = await createVerifiedAccount(request);
  await signIn(page, account);
  return account;
}

/** On /profile, greeted by name, with the avatar in the top bar. */
export async function expectSignedIn(page: Page, username: string): Promise<void> {
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-display-name')).toHaveText(username);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Your profile' })).toBeVisible();
}

/** A small PNG (a blue and white checkerboard) made on the spot, for avatar uploads. */
export function makePng(width = 64, height = 64): Buffer {
  return encodePng(width, height, (x, y) =>
    (Math.floor(x / 16) + Math.floor(y / 16)) % 2 === 0 ? [240, 246, 255] : [37, 99, 235],
  );
}

/** Signs in through the API and returns the access token, for seeding data quickly. */
export async function apiSignIn(request: APIRequestContext, account: TestAccount): Promise<string> {
  const response = await request.post('/v1/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { data: { accessToken: string } };
  return body.data.accessToken;
}

/**
 * Follows a verification link: on to sign-in with the notice and the e-mail filled in, then signs
 * in with the password and lands on the profile.
 */
export async function verifyAndSignIn(
  page: Page,
  verifyLink: string,
  account: Pick<TestAccount, 'email' | 'password' | 'username'>,
): Promise<void> {
  await page.goto(verifyLink);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your email is verified. You can sign in now.')).toBeVisible();
  // The verify answer names no account (a spent link must not show whose it was): type it in.
  await submitSignIn(page, account);
  await expectSignedIn(page, account.username);
}
