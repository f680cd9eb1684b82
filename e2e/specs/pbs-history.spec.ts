import { apiSignIn, createVerifiedAccount, signedInAccount, signIn } from '../support/accounts.js';
import { test, expect } from '../support/fixtures.js';
import { expandCard, pbCard, PHOTO, pickMedia } from '../support/pbs.js';
import { createPb } from '../support/share.js';

test.describe('a personal best and its history', () => {
  test('adds a newer record from the card, edits it and deletes an older one', async ({
    page,
    request,
  }) => {
    const account = await createVerifiedAccount(request);
    const token = await apiSignIn(request, account);
    await createPb(request, token, {
      title: 'Pull-ups',
      category: 'Bodyweight Training',
      value: '12 reps',
      date: '2025-03-01',
      sets: 1,
      story: 'First dozen.',
    });
    await createPb(request, token, {
      title: 'Pull-ups',
      category: 'Bodyweight Training',
      value: '10 reps',
      date: '2024-10-01',
    });
    await signIn(page, account);

    // The card shows the newest record; the older one is its history.
    const card = pbCard(page, 'Pull-ups');
    await expect(card).toContainText('12 reps');
    let expanded = await expandCard(page, 'Pull-ups');
    await expect(expanded.getByTestId('pb-history-entry')).toHaveCount(1);
    await expect(expanded.getByTestId('pb-history-entry')).toContainText('10 reps');

    // A new record for the same exercise, prefilled from the card.
    await expanded.getByRole('link', { name: 'Add New Personal Best for Pull-ups' }).click();
    await expect(page).toHaveURL(/\/add-pb$/);
    await expect(page.getByText('A new record for Pull-ups.')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue(
      'Bodyweight Training',
    );
    await expect(page.getByLabel('Exercise name')).toHaveValue('Pull-ups');
    await expect(page.getByRole('textbox', { name: 'Sets' })).toHaveValue('1');
    await expect(page.getByRole('radio', { name: 'Reps' })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('textbox', { name: 'Reps' }).fill('15');
    await pickMedia(page, PHOTO('fifteen.png'));
    await page.getByRole('button', { name: 'Save Personal Best' }).click();
    await expect(page.getByText('Personal best saved successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);

    await expect(card).toContainText('15 reps');
    await expect(page.getByTestId('pb-count')).toHaveText('1 Personal Best');
    expanded = await expandCard(page, 'Pull-ups');
    const history = expanded.getByTestId('pb-history-entry');
    await expect(history).toHaveCount(2);
    await expect(history.nth(0)).toContainText('12 reps');
    await expect(history.nth(1)).toContainText('10 reps');

    // Edit the current record: the form holds it, and the media stays.
    await expanded.getByRole('link', { name: 'Edit Pull-ups' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Personal Best' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Reps' })).toHaveValue('15');
    await expect(page.getByTestId('media-preview')).toHaveAttribute('data-state', 'uploaded');
    await expect(page.getByText('Already uploaded')).toBeVisible();
    await page.getByRole('textbox', { name: 'Reps' }).fill('16');
    await page.getByRole('textbox', { name: 'Your story' }).fill('Sixteen, strict.');
    await page.getByRole('button', { name: 'Update Personal Best' }).click();
    await expect(page.getByText('Personal best updated successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(card).toContainText('16 reps');

    // Delete the oldest history entry: the edit came back to the card, open.
    await expect(card).toHaveAttribute('data-expanded', 'true');
    await expect(expanded.getByText('Sixteen, strict.')).toBeVisible();
    await expanded.getByRole('button', { name: /^Delete the 10 reps from/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Delete 10 reps from / });
    await expect(dialog).toContainText('It leaves your Pull-ups history; your best stays 16 reps.');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('History item deleted')).toBeVisible();
    await expect(
      page.getByText(/^Your Pull-ups of 10 reps from .* has been removed\.$/),
    ).toBeVisible();
    await expect(expanded.getByTestId('pb-history-entry')).toHaveCount(1);

    await page.reload();
    expanded = await expandCard(page, 'Pull-ups');
    await expect(expanded.getByTestId('pb-history-entry')).toHaveCount(1);
    await expect(expanded.getByTestId('pb-history-entry')).toContainText('12 reps');
  });

  test('an unknown record on /edit-pb goes back to the profile', async ({ page, request }) => {
    await signedInAccount(page, request);
    await page.goto('/edit-pb/no-such-record');
    await expect(page.getByText('Personal Best not found')).toBeVisible();
    await expect(
      page.getByText("The personal best you're trying to edit could not be found."),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
  });
});
