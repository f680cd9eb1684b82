import type { Page } from '@playwright/test';

import { test, expect } from '../support/fixtures.js';
import { PHOTO, pbCard, pickMedia } from '../support/pbs.js';
import { expectJustBecamePro } from '../support/pro.js';
import { seedThreeExercises } from '../support/share.js';

const shot = (page: Page, name: string) =>
  page.screenshot({
    path: test.info().outputPath(`${name}.png`),
    fullPage: true,
  });

/** At the free limit: a 4th exercise filled in, refused, and taken to Pro through the demo. */
async function fillAndUpgrade(page: Page) {
  await page.getByRole('link', { name: 'Add New', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'You have reached the free limit' })
    .getByRole('button', { name: 'Add a record' })
    .click();
  await expect(page).toHaveURL(/\/add-pb$/);
  await page.getByLabel('Exercise name').fill('Overhead Press');
  await page.getByRole('textbox', { name: /^Weight/ }).fill('60');
  await page.getByRole('textbox', { name: 'Your story' }).fill('Strict, no leg drive.');
  await pickMedia(page, PHOTO('press.png'));
  await page.getByRole('button', { name: 'Save Personal Best' }).click();

  const limit = page.getByRole('dialog', { name: 'You have reached the free limit' });
  await limit.getByRole('link', { name: 'Upgrade to Pro' }).click();
  await expect(page).toHaveURL(/\/pricing\?from=%2Fadd-pb$/);
  await page.getByRole('button', { name: 'Choose Lifetime Deal' }).click();
  await expectJustBecamePro(page, /\/add-pb$/);
}

async function expectFieldsKept(page: Page) {
  await expect(page.getByLabel('Exercise name')).toHaveValue('Overhead Press');
  await expect(page.getByRole('textbox', { name: /^Weight/ })).toHaveValue('60');
  await expect(page.getByRole('textbox', { name: 'Your story' })).toHaveValue(
    'Strict, no leg drive.',
  );
}

async function saveAndExpectFourth(page: Page) {
  await page.getByRole('button', { name: 'Save Personal Best' }).click();
  await expect(page.getByText('Personal best saved successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(pbCard(page, 'Overhead Press')).toBeVisible();
  await expect(page.getByTestId('pb-count')).toHaveText('4 Personal Bests');
}

test.describe('the add form across an upgrade', () => {
  test('comes back from the demo checkout filled in, photo and all, and saves', async ({
    page,
    request,
  }) => {
    await seedThreeExercises(page, request);
    await fillAndUpgrade(page);

    await expect(page.getByText("You're Pro now. Your PB is ready to save.")).toBeVisible();
    await expectFieldsKept(page);
    await expect(page.getByTestId('media-preview')).toContainText('press.png');
    await expect(page.getByTestId('media-note')).toHaveCount(0);
    await shot(page, 'draft-restored');

    await saveAndExpectFourth(page);

    // Saved: the next new PB starts from an empty form.
    await page.getByRole('link', { name: 'Add New', exact: true }).click();
    await expect(page).toHaveURL(/\/add-pb$/);
    await expect(page.getByLabel('Exercise name')).toHaveValue('');
    await expect(page.getByText(/You're Pro now/)).toHaveCount(0);
  });

  test('after a full reload (as from a payment site) keeps the fields and asks for the photo again', async ({
    page,
    request,
  }) => {
    await seedThreeExercises(page, request);
    await fillAndUpgrade(page);

    // A payment site's redirect reloads the app: the fields survive it, the picked file cannot.
    await page.reload();
    await expect(page.getByText("You're Pro now.", { exact: true })).toBeVisible();
    await expectFieldsKept(page);
    await expect(page.getByTestId('media-note')).toHaveText(
      'Your details are kept. Pick the photo or video again.',
    );
    await shot(page, 'draft-file-lost');

    await pickMedia(page, PHOTO('press.png'));
    await expect(page.getByTestId('media-note')).toHaveCount(0);
    await saveAndExpectFourth(page);
  });

  test('Cancel forgets the draft', async ({ page, request }) => {
    await seedThreeExercises(page, request);
    await fillAndUpgrade(page);
    await page.getByRole('link', { name: 'Cancel', exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);

    await page.getByRole('link', { name: 'Add New', exact: true }).click();
    await expect(page).toHaveURL(/\/add-pb$/);
    await expect(page.getByLabel('Exercise name')).toHaveValue('');
  });
});
