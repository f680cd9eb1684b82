import { newAccount, verifyAndSignIn, VERIFY_SUBJECT } from '../support/accounts.js';
import { test, expect } from '../support/fixtures.js';
import { linkOf, mailsTo, waitForMail } from '../support/outbox.js';

// docs/PRODUCT.md §2, Sign-up: a mistyped e-mail is fixed by signing up again with the same
// username and password while the account is unverified; the name is not lost to the typo.
test('a mistyped e-mail is fixed from the verify screen, keeping the username', async ({
  page,
}) => {
  const account = newAccount();
  const typo = account.email.replace('@example.com', '@exmaple.com');

  await page.goto(`/signup?username=${account.username}`);
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByRole('textbox', { name: 'Email' }).fill(typo);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify Your Email' })).toBeVisible();
  await expect(page.getByText(typo)).toBeVisible();
  const typoLink = linkOf(await waitForMail(typo, { subject: VERIFY_SUBJECT }));

  // Back to the form: the username kept, the password not, and a note saying what to do.
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(
    page.getByText('Your username is kept. Enter the right email and the same password.'),
  ).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Username' })).toHaveValue(account.username);
  await expect(form.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(form.getByRole('textbox', { name: 'Email' })).toBeFocused();

  await form.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify Your Email' })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();
  const mail = await waitForMail(account.email, { subject: VERIFY_SUBJECT });
  expect(mailsTo(typo, VERIFY_SUBJECT)).toHaveLength(1);

  // The link that went to the mistyped address no longer verifies anything.
  await page.goto(typoLink);
  await expect(
    page.getByRole('heading', { level: 1, name: 'We could not verify your email' }),
  ).toBeVisible();

  // The new link does, for the right address.
  await verifyAndSignIn(page, linkOf(mail), account);
});
