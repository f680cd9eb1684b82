import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

import type { Page } from '@playwright/test';

import { apiSignIn, createVerifiedAccount, signIn } from '../support/accounts.js';
import { test, expect } from '../support/fixtures.js';
import { expandCard, pbCard, PHOTO, pickMedia } from '../support/pbs.js';
import { createPb, visitStory } from '../support/share.js';

const SHOTS = resolve(import.meta.dirname, '../../.tmp/shots');

/** Adds a record in kg to an exercise from its open card, confirming a record that is not best. */
async function addRecordFromCard(page: Page, title: string, kg: string, photo: string) {
  const card = await expandCard(page, title);
  await card.getByRole('link', { name: `Add New Personal Best for ${title}` }).click();
  await expect(page).toHaveURL(/\/add-pb$/);
  await page.getByRole('radio', { name: 'kg' }).click();
  await page.getByRole('textbox', { name: 'Weight (kg)' }).fill(kg);
  await pickMedia(page, PHOTO(photo));
  await page.getByRole('button', { name: 'Save Personal Best' }).click();
  const saved = page.getByText('Personal best saved successfully!');
  // The form may ask first about a record below the best (docs/PRODUCT.md §3); saved anyway, it
  // goes to the history.
  const saveAnyway = page.getByRole('button', { name: 'Save anyway' });
  await expect(saved.or(saveAnyway)).toBeVisible();
  if (await saveAnyway.isVisible()) {
    await saveAnyway.click();
    await expect(page.getByText('Saved to your history')).toBeVisible();
  } else await expect(saved).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
}

test.describe('the change against the previous best', () => {
  test('a beaten best shows +5 kg and New PB, on the card and the public page; a lower one neither', async ({
    page,
    request,
  }, testInfo) => {
    // Three saves through the form and two visits of the public page.
    test.slow();
    const account = await createVerifiedAccount(request);
    const token = await apiSignIn(request, account);
    await createPb(request, token, { title: 'Bench Press', value: '140 kg', date: '2026-03-01' });
    await signIn(page, account);
    const width = testInfo.project.name === 'phone' ? 390 : 1280;
    mkdirSync(SHOTS, { recursive: true });

    // A first record has nothing to compare with.
    const card = pbCard(page, 'Bench Press');
    await expect(card).toContainText('140 kg');
    await expect(card.getByTestId('pb-change')).toHaveCount(0);

    await addRecordFromCard(page, 'Bench Press', '145', 'heavier.png');
    const change = card.getByTestId('pb-change');
    await expect(change).toHaveText(/^\+5 kg/);
    await expect(change).toHaveAttribute('data-beaten', 'true');
    await expect(change.getByText('Up 5 kg on your previous best, 140 kg')).toBeAttached();
    await expect(card.getByTestId('new-pb-badge')).toHaveText('New PB');
    await expect(card.getByTestId('new-pb-badge')).toBeVisible();
    await card.screenshot({
      path: resolve(SHOTS, `card-new-${width}.png`),
      animations: 'disabled',
    });

    const open = await expandCard(page, 'Bench Press');
    await expect(open.getByTestId('pb-change')).toContainText('+5 kg from 140 kg');
    await expect(open.getByTestId('new-pb-badge')).toBeVisible();
    await open.screenshot({
      path: resolve(SHOTS, `card-open-new-${width}.png`),
      animations: 'disabled',
    });
    await open.getByRole('button', { name: 'Close Bench Press' }).click();

    // The owner's preview shows it on that slide.
    await page.goto('/share-profile');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('dialog').getByTestId('story-new-pb')).toHaveText('New PB');
    await page.keyboard.press('Escape');

    // The public page: the same badge on that PB's slide, once hydrated.
    await visitStory(page, `/${account.username}`);
    const slide = page.getByTestId('story-slide');
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect(slide.getByTestId('story-new-pb')).toHaveText('New PB');
    await expect(slide.getByTestId('story-new-pb')).toBeVisible();
    await expect(slide.getByText('+5 kg')).toHaveCount(0);
    await page.screenshot({
      path: resolve(SHOTS, `card-story-${width}.png`),
      animations: 'disabled',
    });

    // A lower record goes to the history: the best stays the headline, with its change and badge.
    await page.goto('/profile');
    await addRecordFromCard(page, 'Bench Press', '100', 'lighter.png');
    await expect(card).toContainText('145 kg');
    await expect(change).toHaveText(/^\+5 kg/);
    await expect(change).toHaveAttribute('data-beaten', 'true');
    await expect(card.getByTestId('new-pb-badge')).toBeVisible();
    await card.screenshot({
      path: resolve(SHOTS, `card-lower-${width}.png`),
      animations: 'disabled',
    });
    const openLower = await expandCard(page, 'Bench Press');
    await expect(openLower.getByTestId('pb-change')).toContainText('+5 kg from 140 kg');
    await expect(openLower.getByTestId('pb-history-entry').first()).toContainText('100 kg');
    await openLower.screenshot({
      path: resolve(SHOTS, `card-open-lower-${width}.png`),
      animations: 'disabled',
    });

    await visitStory(page, `/${account.username}`);
    await expect(slideValue(page)).toHaveText('145 kg');
  });
});

function slideValue(page: Page) {
  return page.getByTestId('story-slide').getByTestId('story-value');
}
