import { apiSignIn, createVerifiedAccount, signIn } from '../support/accounts.js';
import { test, expect } from '../support/fixtures.js';
import { expandCard, pbCard } from '../support/pbs.js';
import { createPb, seedThreeExercises, serverPbs } from '../support/share.js';

test.describe('deleting with Undo', () => {
  test('Undo brings a deleted PB back in its place, and nothing is deleted', async ({
    page,
    request,
  }, testInfo) => {
    const account = await seedThreeExercises(page, request);
    const token = await apiSignIn(request, account);
    const titles = await page.getByTestId('pb-card').getByRole('heading').allTextContents();

    const expanded = await expandCard(page, 'Deadlift');
    await expanded.getByRole('button', { name: 'Delete Deadlift' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Deadlift?' });
    await expect(dialog).toContainText('It has no other records, so the exercise goes too.');
    await dialog.getByRole('button', { name: 'Delete' }).click();

    // Gone from the page at once; the toast names it and offers Undo.
    await expect(pbCard(page, 'Deadlift')).toHaveCount(0);
    await expect(page.getByTestId('pb-count')).toHaveText('2 Personal Bests');
    await expect(page.getByText('Your Deadlift of 405 lbs has been removed.')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('undo-toast.png'), animations: 'disabled' });
    await page.getByRole('button', { name: 'Undo' }).click();

    await expect(page.getByTestId('pb-card')).toHaveCount(3);
    expect(await page.getByTestId('pb-card').getByRole('heading').allTextContents()).toEqual(
      titles,
    );
    expect(await serverPbs(request, token)).toHaveLength(3);
    await page.reload();
    await expect(page.getByTestId('pb-card')).toHaveCount(3);
    await expect(pbCard(page, 'Deadlift')).toHaveCount(1);
  });

  test('a delete left alone is sent when its toast runs out', async ({ page, request }) => {
    const account = await seedThreeExercises(page, request);
    const token = await apiSignIn(request, account);

    const expanded = await expandCard(page, '5K Run');
    await expanded.getByRole('button', { name: 'Delete 5K Run' }).click();
    await page
      .getByRole('dialog', { name: 'Delete 5K Run?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    const toast = page.getByText('Your 5K Run of 22:48 has been removed.');
    await expect(toast).toBeVisible();
    // Still on the server while Undo is offered.
    expect(await serverPbs(request, token)).toHaveLength(3);

    await expect(toast).toBeHidden({ timeout: 10_000 });
    await expect.poll(async () => (await serverPbs(request, token)).length).toBe(2);
    await page.reload();
    await expect(page.getByTestId('pb-card')).toHaveCount(2);
    await expect(pbCard(page, '5K Run')).toHaveCount(0);
  });

  test('a history record: Undo keeps it, and a reload sends a waiting delete', async ({
    page,
    request,
  }, testInfo) => {
    const account = await createVerifiedAccount(request);
    const token = await apiSignIn(request, account);
    await createPb(request, token, { title: 'Squat', value: '140 kg', date: '2026-03-10' });
    await createPb(request, token, { title: 'Squat', value: '135 kg', date: '2026-03-03' });
    await createPb(request, token, { title: 'Squat', value: '100 kg', date: '2025-06-01' });
    await signIn(page, account);

    // The headline's dialog names the best of the records left.
    let expanded = await expandCard(page, 'Squat');
    await expanded.getByRole('button', { name: 'Delete Squat' }).click();
    const headlineDialog = page.getByRole('dialog', { name: 'Delete 140 kg?' });
    await expect(headlineDialog).toContainText('Your best becomes 135 kg (March 3, 2026).');
    await page.screenshot({
      path: testInfo.outputPath('delete-dialog.png'),
      animations: 'disabled',
    });
    await headlineDialog.getByRole('button', { name: 'Cancel' }).click();

    const entries = expanded.getByTestId('pb-history-entry');
    await expect(entries).toHaveCount(2);
    await expanded.getByRole('button', { name: 'Delete the 100 kg from June 1, 2025' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 100 kg from June 1, 2025?' });
    await expect(dialog).toContainText('It leaves your Squat history; your best stays 140 kg.');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(entries).toHaveCount(1);
    await expect(page.getByText('History item deleted')).toBeVisible();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(1)).toContainText('100 kg');

    // Deleted again, then the page reloads before the toast runs out: the delete still goes.
    await expanded.getByRole('button', { name: 'Delete the 100 kg from June 1, 2025' }).click();
    await page
      .getByRole('dialog', { name: 'Delete 100 kg from June 1, 2025?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(entries).toHaveCount(1);
    await page.reload();
    await expect
      .poll(async () => (await serverPbs(request, token))[0]?.personalBestHistory.length)
      .toBe(1);
    expanded = await expandCard(page, 'Squat');
    await expect(expanded.getByTestId('pb-history-entry')).toHaveCount(1);
    await expect(expanded.getByTestId('pb-history-entry')).toContainText('135 kg');
  });

  test('signing out sends a waiting delete while the session still holds', async ({
    page,
    request,
  }, testInfo) => {
    const account = await seedThreeExercises(page, request);
    const token = await apiSignIn(request, account);

    const expanded = await expandCard(page, '5K Run');
    await expanded.getByRole('button', { name: 'Delete 5K Run' }).click();
    await page
      .getByRole('dialog', { name: 'Delete 5K Run?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('Your 5K Run of 22:48 has been removed.')).toBeVisible();

    const header = page.getByRole('banner');
    if (testInfo.project.name === 'phone') {
      await header.getByRole('button', { name: 'Open menu' }).click();
    }
    await header.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(async () => (await serverPbs(request, token)).length).toBe(2);
  });
});
