import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

import type { Page } from '@playwright/test';

import { apiSignIn, createVerifiedAccount, signIn } from '../support/accounts.js';
import { test, expect } from '../support/fixtures.js';
import { expandCard, PHOTO, pickMedia } from '../support/pbs.js';
import { createPb, sharerWithPbs } from '../support/share.js';

const SHOTS = resolve(import.meta.dirname, '../../.tmp/shots');

/** Whether the page has fetched the chart's own chunk. */
function chartChunkLoaded(page: Page): Promise<boolean> {
  // A string: this project type-checks specs without the DOM library.
  return page.evaluate<boolean>(`performance
    .getEntriesByType('resource')
    .some((entry) => /\\/assets\\/pb-progress-chart-[^/]*\\.js$/.test(entry.name))`);
}

test.describe('the progress chart of an open card', () => {
  test('charts three records of an exercise, the best one marked', async ({
    page,
    request,
  }, testInfo) => {
    const account = await createVerifiedAccount(request);
    const token = await apiSignIn(request, account);
    await createPb(request, token, { title: 'Bench Press', value: '100 kg', date: '2025-06-01' });
    await createPb(request, token, { title: 'Bench Press', value: '145 kg', date: '2026-03-04' });
    await signIn(page, account);

    // The chart is a chunk of its own, fetched only when a card with history opens.
    expect(await chartChunkLoaded(page)).toBe(false);
    let card = await expandCard(page, 'Bench Press');
    await expect(
      card.getByRole('img', { name: /^Progress of Bench Press: 2 records/ }),
    ).toBeVisible();
    expect(await chartChunkLoaded(page)).toBe(true);

    // The third, lower than the best, added from the open card (today's date).
    await card.getByRole('link', { name: 'Add New Personal Best for Bench Press' }).click();
    await expect(page).toHaveURL(/\/add-pb$/);
    await page.getByRole('radio', { name: 'kg' }).click();
    await page.getByRole('textbox', { name: 'Weight (kg)' }).fill('140');
    await pickMedia(page, PHOTO('bench.png'));
    await page.getByRole('button', { name: 'Save Personal Best' }).click();
    // Below the best: the form asks, and 'Save anyway' keeps it as history.
    await page.getByRole('button', { name: 'Save anyway' }).click();
    await expect(page.getByText('Saved to your history')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);

    card = await expandCard(page, 'Bench Press');
    const chart = card.getByRole('img', {
      name: 'Progress of Bench Press: 3 records from 100 kg to 140 kg, best 145 kg on March 4, 2026',
    });
    await expect(chart).toBeVisible();
    await expect(card.getByTestId('pb-progress-best')).toHaveText('Best: 145 kg');

    // The chart fits the card: nothing sticks out on either side.
    const chartBox = await chart.boundingBox();
    const cardBox = await card.boundingBox();
    expect(chartBox && cardBox).toBeTruthy();
    if (chartBox && cardBox) {
      expect(chartBox.x).toBeGreaterThanOrEqual(cardBox.x);
      expect(chartBox.x + chartBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    }

    // Screen readers get the records as a table, in the chart's order, the best one said so.
    const table = card.getByRole('table', { name: 'Bench Press records, oldest first' });
    const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('June 1, 2025');
    await expect(rows.nth(0)).toContainText('100 kg');
    await expect(rows.nth(1)).toContainText('March 4, 2026');
    await expect(rows.nth(1)).toContainText('145 kg (best)');
    await expect(rows.nth(2)).toContainText('140 kg');
    await expect(table.getByText('(best)')).toHaveCount(1);

    mkdirSync(SHOTS, { recursive: true });
    const width = testInfo.project.name === 'phone' ? 390 : 1280;
    await card.screenshot({ path: resolve(SHOTS, `chart-${width}.png`), animations: 'disabled' });
  });

  test('marks the fastest time of a run and leaves a single record without a chart', async ({
    page,
    request,
  }, testInfo) => {
    await sharerWithPbs(page, request, [
      { title: '5K Run', category: 'Running', value: '0:25:00', date: '2025-09-01' },
      { title: '5K Run', category: 'Running', value: '0:22:48', date: '2026-02-01' },
      { title: '5K Run', category: 'Running', value: '0:23:20', date: '2026-03-04' },
      { title: 'Deadlift', value: '180 kg', date: '2026-03-04' },
    ]);
    await page.goto('/profile');

    let card = await expandCard(page, '5K Run');
    await expect(
      card.getByRole('img', {
        name: 'Progress of 5K Run: 3 records from 25:00 to 23:20, best 22:48 on February 1, 2026 (lower is better)',
      }),
    ).toBeVisible();
    await expect(card.getByTestId('pb-progress-best')).toHaveText('Best: 22:48');
    await expect(card.getByText('time · fastest at the top')).toBeVisible();
    mkdirSync(SHOTS, { recursive: true });
    const width = testInfo.project.name === 'phone' ? 390 : 1280;
    await card.screenshot({
      path: resolve(SHOTS, `chart-run-${width}.png`),
      animations: 'disabled',
    });
    await card.getByRole('button', { name: 'Close 5K Run' }).click();

    card = await expandCard(page, 'Deadlift');
    await expect(card.getByText('None yet. Beat this one and it moves here.')).toBeVisible();
    await expect(card.getByRole('img', { name: /^Progress of/ })).toHaveCount(0);
    await expect(card.getByRole('table')).toHaveCount(0);
  });
});
