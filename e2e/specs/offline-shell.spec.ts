import type { Page } from '@playwright/test';
import { apiSignIn, signedInAccount, submitSignIn } from '../support/accounts.js';
import { test, expect } from '../support/fixtures.js';
import { shareToApp, untilKept, untilServiceWorkerControls } from '../support/offline.js';
import { expandCard, pbCard, RUN_VIDEO } from '../support/pbs.js';
import { createPb } from '../support/share.js';
import { createVerifiedAccount } from '../support/accounts.js';

test.use({ serviceWorkers: 'allow' });
// The worker installs its whole precache (134 files) before it controls the page, and these
// flows go offline and back: 20-40 s each with both sizes at once on two cores (measured), too
// close to the default 30 s.
test.describe.configure({ timeout: 90_000 });

async function signOut(page: Page) {
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByRole('tab', { name: 'Account' }).click();
  await page
    .getByRole('tabpanel', { name: 'Account' })
    .getByRole('button', { name: 'Sign Out' })
    .click();
}

const OFFLINE = "You're offline: showing what you had";

test.describe('the app with no network', () => {
  test('opens /profile, a PB and the add form from what it kept', async ({
    page,
    context,
    request,
  }) => {
    const account = await signedInAccount(page, request);
    await createPb(request, await apiSignIn(request, account), {
      title: 'Deadlift',
      value: '180 kg',
      story: 'Finally 180.',
    });
    await untilServiceWorkerControls(page);
    // Under the worker now, the list and its picture are kept as they load.
    await page.reload();
    await expect(pbCard(page, 'Deadlift').locator('img')).toBeVisible();
    await untilKept(page, 'Deadlift');

    await context.setOffline(true);
    await page.goto('/profile');
    await expect(page.getByText(OFFLINE)).toBeVisible();
    const picture = pbCard(page, 'Deadlift').locator('img');
    await expect(picture).toBeVisible();
    await expect
      .poll(() =>
        picture.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
      )
      .toBeGreaterThan(0);
    const card = await expandCard(page, 'Deadlift');
    await expect(card.getByText('Finally 180.')).toBeVisible();

    await page.goto('/add-pb');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Add New Personal Best' }),
    ).toBeVisible();
    await expect(page.getByText(OFFLINE)).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByText(OFFLINE)).toBeHidden();
  });

  test('signing out forgets what was kept', async ({ page, context, request }) => {
    const account = await signedInAccount(page, request);
    await createPb(request, await apiSignIn(request, account), { title: 'Squat', value: '140 kg' });
    await untilServiceWorkerControls(page);
    await page.reload();
    await untilKept(page, 'Squat');

    await signOut(page);
    await expect(page).toHaveURL(/\/$/);
    await expect
      .poll(() => page.evaluate(`localStorage.getItem('pbshare.keptQueries')`))
      .toBeNull();
    await expect.poll(() => page.evaluate(`caches.has('pbshare-media')`)).toBe(false);

    await context.setOffline(true);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Squat')).toHaveCount(0);
  });
});

test('a visitor of a public page is never given the service worker', async ({ page, request }) => {
  const account = await createVerifiedAccount(request);
  await createPb(request, await apiSignIn(request, account), { title: 'Bench', value: '100 kg' });
  const workerAsked = page.waitForRequest(/\/sw\.js$/, { timeout: 2000 }).catch(() => null);
  await page.goto(`/${account.username}`);
  await page.waitForLoadState('load');
  // The app registers its worker once loaded; the public page has nothing that would.
  expect(await workerAsked).toBeNull();
  expect(
    await page.evaluate('navigator.serviceWorker.getRegistrations().then((r) => r.length)'),
  ).toBe(0);
});

test.describe('sharing to the app', () => {
  test('a video shared from the phone opens the add form with it attached', async ({
    page,
    request,
  }) => {
    await signedInAccount(page, request);
    await untilServiceWorkerControls(page);
    await shareToApp(page, RUN_VIDEO());
    await expect(page.getByTestId('media-preview')).toHaveAttribute('data-state', 'selected');
    await expect(page.getByText('run-3s.webm')).toBeVisible();
    // Taken from the share: a reload opens the plain form, with no word of a lost file.
    await expect(page).toHaveURL(/\/add-pb$/);
    await page.reload();
    await expect(page.getByLabel('Exercise name')).toBeVisible();
    await expect(page.getByTestId('media-note')).toHaveCount(0);
  });

  test('signed out, the shared file waits through the sign-in', async ({ page, request }) => {
    const account = await signedInAccount(page, request);
    await untilServiceWorkerControls(page);
    await signOut(page);
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/login');
    await shareToApp(page, RUN_VIDEO());
    await expect(page).toHaveURL(/\/login$/);
    await submitSignIn(page, account);
    await expect(page.getByTestId('media-preview')).toHaveAttribute('data-state', 'selected');
    await expect(page.getByText('run-3s.webm')).toBeVisible();
    await expect(page).toHaveURL(/\/add-pb$/);
  });
});
