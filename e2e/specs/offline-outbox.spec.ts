import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';

import { apiSignIn, signedInAccount } from '../support/accounts.js';
import { test, expect } from '../support/fixtures.js';
import { untilServiceWorkerControls } from '../support/offline.js';
import { pbCard, PHOTO, pickMedia, RUN_VIDEO } from '../support/pbs.js';
import { createPb } from '../support/share.js';

test.use({ serviceWorkers: 'allow' });
// The worker installs its whole precache (134 files) before it controls the page, and these
// flows go offline and back: 20-40 s each with both sizes at once on two cores (measured), too
// close to the default 30 s.
test.describe.configure({ timeout: 90_000 });

/** Fills the add form for a weight PB, photo or video; the page is on /add-pb. */
async function fillPb(
  page: Page,
  title: string,
  media: { name: string; mimeType: string; buffer: Buffer },
) {
  await page.getByLabel('Exercise name').fill(title);
  await page.getByRole('textbox', { name: /^Weight/ }).fill('100');
  await pickMedia(page, media);
  await expect(page.getByTestId('media-preview')).toHaveAttribute('data-state', 'selected');
}

/** The records the server holds with this title, across the account's exercises. */
async function recordsTitled(request: APIRequestContext, token: string, title: string) {
  const response = await request.get('/v1/pbs', { headers: { Authorization: `Bearer ${token}` } });
  const pbs = (
    (await response.json()) as {
      data: { title: string; personalBestHistory: unknown[] }[];
    }
  ).data;
  return pbs
    .filter((pb) => pb.title === title)
    .reduce((sum, pb) => sum + 1 + pb.personalBestHistory.length, 0);
}

/**
 * Saves a weight PB with the network cut: the add form is opened first (online the first time,
 * so its code is in the page), then the PB lands in the outbox, `waiting` long.
 */
async function saveOffline(
  page: Page,
  context: BrowserContext,
  title: string,
  media: { name: string; mimeType: string; buffer: Buffer },
  waiting = 1,
) {
  await page.goto('/add-pb');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Add New Personal Best' }),
  ).toBeVisible();
  await context.setOffline(true);
  await fillPb(page, title, media);
  await page.getByRole('button', { name: 'Save Personal Best' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: `Waiting to upload: ${waiting}` })).toBeVisible();
}

test.describe('saving with no network', () => {
  test('a photo and a video wait in the outbox and are uploaded once when the network returns', async ({
    page,
    context,
    request,
  }) => {
    const account = await signedInAccount(page, request);
    const token = await apiSignIn(request, account);
    await untilServiceWorkerControls(page);

    await saveOffline(page, context, 'Bench Press', PHOTO('bench.png'));
    await expect(page.getByText('Saved on this device')).toBeVisible();
    await saveOffline(page, context, 'Overhead Press', RUN_VIDEO(), 2);
    await expect(page.getByRole('img', { name: /Bench Press/ })).toBeVisible();
    expect(await recordsTitled(request, token, 'Bench Press')).toBe(0);

    await context.setOffline(false);
    await expect(page.getByRole('heading', { name: /Waiting to upload/ })).toBeHidden({
      timeout: 60_000,
    });
    await expect(pbCard(page, 'Bench Press')).toBeVisible();
    await expect(pbCard(page, 'Overhead Press')).toBeVisible();
    // A reload sends nothing again: the outbox is empty and each PB is on the server once.
    await page.reload();
    await expect(pbCard(page, 'Bench Press')).toBeVisible();
    expect(await recordsTitled(request, token, 'Bench Press')).toBe(1);
    expect(await recordsTitled(request, token, 'Overhead Press')).toBe(1);
  });

  test('a waiting PB can be cancelled', async ({ page, context, request }) => {
    await signedInAccount(page, request);
    await untilServiceWorkerControls(page);
    await saveOffline(page, context, 'Deadlift', PHOTO('deadlift.png'));

    await page.getByRole('button', { name: 'Cancel upload of Deadlift' }).click();
    await expect(page.getByText('Removed from the outbox')).toBeVisible();
    await expect(page.getByRole('heading', { name: /Waiting to upload/ })).toHaveCount(0);
    await context.setOffline(false);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'No Personal Bests Yet' })).toBeVisible();
  });

  test('the free limit is checked again when a waiting PB arrives', async ({
    page,
    context,
    request,
  }) => {
    const account = await signedInAccount(page, request);
    const token = await apiSignIn(request, account);
    await createPb(request, token, { title: 'Squat', value: '140 kg' });
    await createPb(request, token, { title: 'Row', value: '80 kg' });
    await untilServiceWorkerControls(page);
    // Under the worker, so the cards' pictures are kept for the offline visit below.
    await page.reload();
    await expect(pbCard(page, 'Row').locator('img')).toBeVisible();

    await saveOffline(page, context, 'Clean', PHOTO('clean.png'));
    // Meanwhile another device filled the account's third place.
    await createPb(request, token, { title: 'Snatch', value: '60 kg' });

    await context.setOffline(false);
    await expect(page.getByRole('dialog', { name: 'You have reached the free limit' })).toBeVisible(
      { timeout: 30_000 },
    );
    expect(await recordsTitled(request, token, 'Clean')).toBe(0);
  });

  test("with the app closed, the browser's Background Sync sends a waiting PB", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const account = await signedInAccount(page, request);
    const token = await apiSignIn(request, account);
    await untilServiceWorkerControls(page);
    await saveOffline(page, context, 'Front Squat', PHOTO('front.png'));

    // The app is closed; the network comes back and the browser fires the outbox's sync.
    const blank = await context.newPage();
    await page.close();
    await context.setOffline(false);
    const cdp = await context.newCDPSession(blank);
    const registered = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find(
          (r) => r.scopeURL.startsWith(baseURL ?? '') && !r.isDeleted,
        );
        if (ours) resolve(ours.registrationId);
      });
    });
    // Closed for the worker too: while it still counts the page as open it hands the sending to
    // that page, which is gone, and the sync ends with nothing sent.
    const noPageOpen = new Promise<void>((resolve) => {
      cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
        const ours = versions.filter((v) => v.scriptURL.startsWith(baseURL ?? ''));
        if (ours.length > 0 && ours.every((v) => (v.controlledClients ?? []).length === 0)) {
          resolve();
        }
      });
    });
    await cdp.send('ServiceWorker.enable');
    await noPageOpen;
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: new URL(baseURL ?? '').origin,
      registrationId: await registered,
      tag: 'pbshare-outbox',
      lastChance: false,
    });
    await expect
      .poll(() => recordsTitled(request, token, 'Front Squat'), { timeout: 30_000 })
      .toBe(1);
  });
});
