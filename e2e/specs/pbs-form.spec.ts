import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

import type { PersonalBest } from '@pbshare/shared';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';

import { apiSignIn, createVerifiedAccount, signIn, signedInAccount } from '../support/accounts.js';
import { test, expect } from '../support/fixtures.js';
import { expandCard, pbCard, PHOTO, pickMedia } from '../support/pbs.js';
import { createPb, type NewPb } from '../support/share.js';

const SHOTS = resolve(import.meta.dirname, '../../.tmp/shots');

/** A screenshot for people to look at: form-{name}-{project}.png. */
async function shot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  mkdirSync(SHOTS, { recursive: true });
  // From the top, so the sticky top bar is not caught halfway down a full-page picture.
  if (fullPage) await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({
    path: resolve(SHOTS, `form-${name}-${testInfo.project.name}.png`),
    fullPage,
    animations: 'disabled',
  });
}

/** A signed-in account whose profile already holds these records. */
async function accountWith(page: Page, request: APIRequestContext, pbs: NewPb[]) {
  const account = await createVerifiedAccount(request);
  const token = await apiSignIn(request, account);
  for (const pb of pbs) await createPb(request, token, pb);
  await signIn(page, account);
  return token;
}

async function listPbs(request: APIRequestContext, token: string): Promise<PersonalBest[]> {
  const response = await request.get('/v1/pbs', { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { data: PersonalBest[] }).data;
}

const saveButton = (page: Page) => page.getByRole('button', { name: 'Save Personal Best' });

test.describe('the PB form', () => {
  test('asks before saving a record below the best: Cancel saves nothing, Save anyway does', async ({
    page,
    request,
  }, testInfo) => {
    const token = await accountWith(page, request, [
      { title: 'Deadlift', value: '140 kg', date: '2026-03-04' },
      { title: 'Deadlift', value: '120 kg', date: '2026-01-10' },
    ]);
    const expanded = await expandCard(page, 'Deadlift');
    await expanded.getByRole('link', { name: 'Add New Personal Best for Deadlift' }).click();
    await expect(page).toHaveURL(/\/add-pb$/);
    await page.getByRole('textbox', { name: 'Weight (kg)' }).fill('100');
    await pickMedia(page, PHOTO());
    await saveButton(page).click();

    const dialog = page.getByRole('dialog', { name: 'Not a new PB' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      '100 kg is below your best, 140 kg on March 4, 2026. Your best stays 140 kg; 100 kg goes to your history.',
    );
    await shot(page, testInfo, 'dialog', false);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/add-pb$/);
    await expect(page.getByRole('textbox', { name: 'Weight (kg)' })).toHaveValue('100');
    expect((await listPbs(request, token))[0]?.personalBestHistory).toHaveLength(1);

    await saveButton(page).click();
    await dialog.getByRole('button', { name: 'Save anyway' }).click();
    await expect(page.getByText('Saved to your history')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    // The best stays the headline; the newer, lower record is in its history.
    await expect(pbCard(page, 'Deadlift')).toContainText('140 kg');
    const [deadlift] = await listPbs(request, token);
    expect(deadlift?.amount).toBe(140);
    expect(deadlift?.personalBestHistory.map((record) => record.amount)).toEqual([100, 120]);
  });

  test('saves a record that beats the best at once and says New PB', async ({ page, request }) => {
    await accountWith(page, request, [{ title: 'Back Squat', value: '140 kg' }]);
    await page.getByRole('link', { name: 'Add New', exact: true }).click();
    // Another spelling of the same exercise.
    await page.getByLabel('Exercise name').fill('back  squat');
    await page.getByRole('radio', { name: 'kg' }).click();
    await page.getByRole('textbox', { name: 'Weight (kg)' }).fill('145');
    await pickMedia(page, PHOTO());
    await saveButton(page).click();
    await expect(page.getByText('New PB! +5 kg')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(pbCard(page, 'Back Squat')).toContainText('145 kg');
  });

  test('shows the count fields each category has, and sends only those', async ({
    page,
    request,
  }, testInfo) => {
    const token = await accountWith(page, request, []);
    await page.goto('/add-pb');
    const category = page.getByRole('combobox', { name: 'Category' });
    const sets = page.getByRole('textbox', { name: 'Sets' });
    const reps = page.getByRole('textbox', { name: 'Reps' });

    await expect(sets).toBeVisible();
    await expect(reps).toBeVisible();
    await sets.fill('3');
    await reps.fill('5');
    await shot(page, testInfo, 'weight-training');

    await category.selectOption('Bodyweight Training');
    // The value is the reps: one Reps field, and the sets stay.
    await expect(reps).toHaveCount(1);
    await expect(reps).toHaveAttribute('placeholder', 'e.g. 15');
    await expect(sets).toHaveValue('3');
    await shot(page, testInfo, 'bodyweight-reps');
    await page.getByRole('radio', { name: 'Time' }).click();
    await expect(page.getByRole('textbox', { name: 'Seconds' })).toBeVisible();
    await expect(reps).toHaveCount(0);
    await expect(sets).toBeVisible();
    await shot(page, testInfo, 'bodyweight-hold');

    for (const option of ['Running', 'Cycling', 'Swimming']) {
      await category.selectOption(option);
      await expect(page.getByRole('textbox', { name: 'Minutes' })).toBeVisible();
      await expect(sets).toHaveCount(0);
      await expect(reps).toHaveCount(0);
      await shot(page, testInfo, option.toLowerCase());
    }

    // What a run sends: no sets, no reps, whatever was typed before.
    await page.getByLabel('Exercise name').fill('100m Freestyle');
    await page.getByRole('textbox', { name: 'Minutes' }).fill('1');
    await page.getByRole('textbox', { name: 'Seconds' }).fill('9');
    await pickMedia(page, PHOTO());
    await saveButton(page).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(pbCard(page, '100m Freestyle')).toContainText('1:09');
    const [swim] = await listPbs(request, token);
    expect(swim).toMatchObject({ title: '100m Freestyle', sets: null, reps: null });
  });

  test('Save says what is missing and focuses it', async ({ page, request }, testInfo) => {
    await signedInAccount(page, request);
    await page.goto('/add-pb');
    const save = saveButton(page);
    await expect(save).toBeEnabled();
    await save.click();

    const summary = page.getByTestId('save-blocked');
    await expect(summary).toHaveText(
      'Add a photo or video and fix the fields marked above to save this PB.',
    );
    await expect(page.getByText('Exercise name is required')).toBeVisible();
    await expect(page.getByText('Please enter the weight')).toBeVisible();
    const upload = page.getByRole('button', { name: /Upload a photo or video/ });
    await expect(upload).toBeFocused();
    await expect(upload).toHaveAccessibleDescription(
      'Please upload an image or video to save your personal best',
    );
    await shot(page, testInfo, 'missing');

    await pickMedia(page, PHOTO());
    await expect(summary).toHaveText('Fix the fields marked above to save this PB.');
    await save.click();
    await expect(page.getByLabel('Exercise name')).toBeFocused();
    await page.getByLabel('Exercise name').fill('Bench Press');
    await save.click();
    await expect(page.getByRole('textbox', { name: 'Weight (lbs)' })).toBeFocused();
    await page.getByRole('textbox', { name: 'Weight (lbs)' }).fill('225');
    await expect(summary).toBeEmpty();
    await save.click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('keeps a refused file’s message in the media field', async ({ page, request }, testInfo) => {
    await signedInAccount(page, request);
    await page.goto('/add-pb');
    await pickMedia(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    const form = page.getByRole('form', { name: 'Add New Personal Best' });
    const message = form.getByText('Please select an image or video file.');
    await expect(message).toBeVisible();
    await expect(message).toHaveAttribute('role', 'alert');
    await expect(
      page.getByRole('button', { name: /Upload a photo or video/ }),
    ).toHaveAccessibleDescription('Please select an image or video file.');
    await shot(page, testInfo, 'media-error');
    // The toast goes; the field keeps saying it.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    await expect(message).toBeVisible();

    await pickMedia(page, PHOTO());
    await expect(page.getByTestId('media-preview')).toHaveAttribute('data-state', 'selected');
    await expect(message).toHaveCount(0);
  });

  test('returns to the open card after editing a history entry', async ({ page, request }) => {
    const token = await accountWith(page, request, [
      { title: 'Bench Press', value: '100 kg', date: '2026-02-01' },
      { title: 'Pull-ups', category: 'Bodyweight Training', value: '12 reps', date: '2025-03-01' },
      { title: 'Pull-ups', category: 'Bodyweight Training', value: '10 reps', date: '2024-10-01' },
      { title: 'Plank', category: 'Bodyweight Training', value: '0:01:30', date: '2025-05-05' },
    ]);
    const expanded = await expandCard(page, 'Pull-ups');
    await expanded.getByRole('link', { name: /^Edit the 10 reps/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Personal Best' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Reps' }).fill('11');
    await page.getByRole('button', { name: 'Update Personal Best' }).click();
    await expect(page.getByText('Personal best updated successfully!')).toBeVisible();

    // Back on /profile, the address cleaned, the card open and in view.
    await expect(page).toHaveURL(/\/profile$/);
    const card = pbCard(page, 'Pull-ups');
    await expect(card).toHaveAttribute('data-expanded', 'true');
    await expect(card).toBeInViewport();
    await expect(card.getByTestId('pb-history-entry')).toContainText('11 reps');

    // The address works on its own too (a reload of it), then leaves the bar.
    const plank = (await listPbs(request, token)).find((pb) => pb.title === 'Plank');
    await page.goto(`/profile?open=${plank?.exerciseId ?? ''}`);
    await expect(pbCard(page, 'Plank')).toHaveAttribute('data-expanded', 'true');
    await expect(pbCard(page, 'Plank')).toBeInViewport();
    await expect(page).toHaveURL(/\/profile$/);
    await page.reload();
    await expect(pbCard(page, 'Plank')).toHaveAttribute('data-expanded', 'false');
  });
});
