import { test, expect } from '../support/fixtures.js';
import { PHOTO, pbCard, pickMedia } from '../support/pbs.js';
import { createVerifiedAccount, submitSignIn } from '../support/accounts.js';
import { expectJustBecamePro } from '../support/pro.js';
import { seedThreeExercises } from '../support/share.js';

test.describe('Pro with the demo checkout', () => {
  test('from the cap dialog to Pro to a 4th exercise', async ({ page, request }) => {
    await seedThreeExercises(page, request);
    await expect(
      page.getByText("Used 3 of 3 exercises (history entries don't count)"),
    ).toBeVisible();

    await page.getByRole('link', { name: 'Add New', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'You have reached the free limit' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('link', { name: 'Upgrade to Pro' }).click();

    await expect(page).toHaveURL(/\/pricing\?from=%2Fprofile$/);
    await expect(page.getByText('Demo checkout: no card is charged')).toBeVisible();
    await expect(
      page.getByText("Used 3 of 3 exercises (history entries don't count)"),
    ).toBeVisible();
    const started = Date.now();
    await page.getByRole('button', { name: 'Choose Lifetime Deal' }).click();

    await expectJustBecamePro(page);
    test.info().annotations.push({
      type: 'demo purchase, click to Pro',
      description: `${Date.now() - started} ms`,
    });
    await expect(page.getByTestId('pro-badge')).toBeVisible();
    await expect(page.getByTestId('free-tier-counter')).toHaveCount(0);

    await page.getByRole('link', { name: 'Add New', exact: true }).click();
    await expect(page).toHaveURL(/\/add-pb$/);
    await page.getByLabel('Exercise name').fill('Overhead Press');
    await page.getByRole('textbox', { name: /^Weight/ }).fill('60');
    await pickMedia(page, PHOTO('press.png'));
    await page.getByRole('button', { name: 'Save Personal Best' }).click();
    await expect(page.getByText('Personal best saved successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(pbCard(page, 'Overhead Press')).toBeVisible();
    await expect(page.getByTestId('pb-count')).toHaveText('4 Personal Bests');
  });

  test("a visitor's choice goes through sign-in and straight on to buying it", async ({
    page,
    request,
  }) => {
    const account = await createVerifiedAccount(request);
    await page.goto('/pricing');
    await page.getByRole('link', { name: 'Choose 1-Year Pass' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=pricing&plan=one-year$/);
    await submitSignIn(page, account);

    // Nothing to pick again: the demo checkout of the chosen plan runs and comes back.
    await expectJustBecamePro(page);

    await page.goto('/pricing');
    await expect(
      page.getByText("You're on the Pro plan! Enjoy unlimited PBs and premium features."),
    ).toBeVisible();
    await expect(page.getByTestId('pro-until')).toContainText('Your 1-Year Pass runs until');
    const yearly = page.getByRole('article', { name: '1-Year Pass' });
    await expect(yearly.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    await expect(
      page.getByRole('article', { name: 'Lifetime Deal' }).getByRole('button', {
        name: 'Choose Lifetime Deal',
      }),
    ).toBeEnabled();

    await page.goto('/profile/settings');
    await page.getByRole('tab', { name: 'Account' }).click();
    await expect(page.getByTestId('account-plan')).toContainText('Pro: 1-Year Pass, until');
    await expect(page.getByRole('list', { name: 'Purchases' })).toContainText('$19.99');

    // Deleting the account says the plan goes with it, and offers the archive first.
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toContainText(
      'Your Pro plan (1-Year Pass) ends with your account and is not refunded.',
    );
    await page.screenshot({
      path: test.info().outputPath('delete-pro.png'),
    });
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download my data first' }).click();
    expect((await download).suggestedFilename()).toMatch(/^pbshare-.+-\d{4}-\d{2}-\d{2}\.zip$/);
    await expect(dialog.getByText('Your data is downloaded.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Delete my account' })).toBeVisible();
  });
});
