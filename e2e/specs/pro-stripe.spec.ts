import { expect } from '../support/fixtures.js';
import { signedInAccount } from '../support/accounts.js';
import { expectJustBecamePro, stripeTest as test } from '../support/pro.js';

test.describe('Pro through Stripe Checkout (a local fake of Stripe)', () => {
  test('pays on the checkout page; the signed webhook makes the user Pro', async ({
    page,
    request,
  }) => {
    await signedInAccount(page, request);
    await page.goto('/pricing');
    await expect(
      page.getByText("Used 0 of 3 exercises (history entries don't count)"),
    ).toBeVisible();
    await expect(page.getByText('Demo checkout: no card is charged')).toHaveCount(0);

    await page.getByRole('button', { name: 'Choose Lifetime Deal' }).click();
    await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
    await expect(page.getByText('$39.99', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: /^Pay/ }).click();

    await expectJustBecamePro(page);
    await expect(page.getByTestId('pro-badge')).toBeVisible();
  });

  test('a cancelled checkout says so kindly and changes nothing', async ({ page, request }) => {
    await signedInAccount(page, request);
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Choose 1-Year Pass' }).click();
    await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
    await page.getByRole('link', { name: 'Cancel and go back' }).click();

    await expect(page).toHaveURL(/\/pricing\?checkout=cancelled$/);
    await expect(page.getByText(/Checkout cancelled: no payment was taken/)).toBeVisible();
    await expect(
      page.getByText("Used 0 of 3 exercises (history entries don't count)"),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Choose 1-Year Pass' })).toBeEnabled();
  });
});
