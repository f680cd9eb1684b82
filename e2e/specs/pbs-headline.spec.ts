import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

import { apiSignIn, createVerifiedAccount, signIn } from '../support/accounts.js';
import { test, expect } from '../support/fixtures.js';
import { expandCard, pbCard, PHOTO, pickMedia } from '../support/pbs.js';
import { createPb, visitStory } from '../support/share.js';

const SHOTS = resolve(import.meta.dirname, '../../.tmp/shots');

// The headline of an exercise is its best record, not its newest (docs/PRODUCT.md §3): a weaker
// record saved with 'Save anyway' goes to the history, on /profile and on the public page.
test.describe('the best is the headline', () => {
  test('a weaker record keeps the best on /profile and on the public page', async ({
    page,
    request,
  }, testInfo) => {
    // A save through the form, a card opened twice and a visit of the public page.
    test.slow();
    const account = await createVerifiedAccount(request);
    const token = await apiSignIn(request, account);
    // A weight lifted for reps is a rep max, and its card says so.
    await createPb(request, token, { title: 'Bench', value: '100 kg', sets: 1, reps: 3 });
    // Created last, Squat leads the profile and the story.
    await createPb(request, token, { title: 'Squat', value: '60 lbs', date: '2026-03-01' });
    await signIn(page, account);
    const width = testInfo.project.name === 'phone' ? 390 : 1280;
    mkdirSync(SHOTS, { recursive: true });

    let open = await expandCard(page, 'Squat');
    await open.getByRole('link', { name: 'Add New Personal Best for Squat' }).click();
    await expect(page).toHaveURL(/\/add-pb$/);
    await page.getByRole('textbox', { name: 'Weight (lbs)' }).fill('50');
    await pickMedia(page, PHOTO('lighter.png'));
    await page.getByRole('button', { name: 'Save Personal Best' }).click();
    const dialog = page.getByRole('dialog', { name: 'Not a new PB' });
    await expect(dialog).toContainText('Your best stays 60 lbs; 50 lbs goes to your history.');
    await page.screenshot({
      path: resolve(SHOTS, `headline-dialog-${width}.png`),
      animations: 'disabled',
    });
    await dialog.getByRole('button', { name: 'Save anyway' }).click();
    await expect(page.getByText('Saved to your history')).toBeVisible();
    await expect(page.getByText(/New PB!|saved successfully/)).toHaveCount(0);
    await expect(page).toHaveURL(/\/profile$/);

    const card = pbCard(page, 'Squat');
    await expect(card).toContainText('60 lbs');
    await expect(card).not.toContainText('50 lbs');
    await expect(card).toContainText('March 1, 2026');
    await expect(pbCard(page, 'Bench')).toContainText('100 kg × 3');
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({
      path: resolve(SHOTS, `headline-profile-${width}.png`),
      fullPage: true,
      animations: 'disabled',
    });

    open = await expandCard(page, 'Squat');
    const history = open.getByTestId('pb-history-entry');
    await expect(history).toHaveCount(1);
    await expect(history).toContainText('50 lbs');
    await open.screenshot({
      path: resolve(SHOTS, `headline-card-open-${width}.png`),
      animations: 'disabled',
    });

    // A visitor: the page as served, then as painted.
    const html = await (await request.get(`/${account.username}`)).text();
    expect(html).toContain('60 lbs');
    expect(html).not.toContain('50 lbs');
    await visitStory(page, `/${account.username}`);
    await page.getByRole('button', { name: 'Pause' }).click();
    const slide = page.getByTestId('story-slide');
    await expect(slide.getByRole('heading', { level: 2 })).toHaveText('Squat');
    await expect(slide.getByTestId('story-value')).toHaveText('60 lbs');
    await page.screenshot({
      path: resolve(SHOTS, `headline-public-${width}.png`),
      animations: 'disabled',
    });
  });
});
