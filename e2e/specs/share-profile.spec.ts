import type { Page } from '@playwright/test';

import { createVerifiedAccount } from '../support/accounts.js';
import { test, expect } from '../support/fixtures.js';
import { LONG_STORY, serverPbs, sharerWithPbs, signInPage, slideTitle } from '../support/share.js';

/** Clicks a spot of the story frame: a fraction of its width, a third of the way down. */
async function tapFrame(page: Page, fraction: number) {
  const box = await page.getByTestId('story-frame').boundingBox();
  if (!box) throw new Error('the story frame is not on screen');
  await page.mouse.click(box.x + box.width * fraction, box.y + box.height * 0.33);
}

test.describe('share profile', () => {
  test('selecting PBs saves their visibility and the preview plays exactly those', async ({
    page,
    request,
  }, testInfo) => {
    const { token } = await sharerWithPbs(page, request, [
      { title: 'Deadlift', value: '405 lbs', sets: 1, reps: 3, story: LONG_STORY },
      { title: 'Pull-ups', category: 'Bodyweight Training', value: '15 reps', sets: 3 },
      { title: '5K Run', category: 'Running', value: '0:22:48', media: 'video' },
    ]);
    // Reduced motion: the preview waits on each slide (the first is a 3 s video), so the checks
    // below are not raced by its clock (story-playback.spec.ts covers the playing).
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/share-profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Share Profile' })).toBeVisible();

    // In the user's order (newest exercise first), all shown to begin with.
    const order = (await serverPbs(page.request, token)).map((pb) => pb.title);
    const rows = page.getByTestId('share-pb-row');
    await expect(rows).toHaveCount(3);
    for (const [index, title] of order.entries()) {
      await expect(rows.nth(index)).toContainText(title);
      await expect(rows.nth(index)).toHaveAttribute('aria-pressed', 'true');
    }
    await expect(rows.filter({ hasText: 'Pull-ups' })).toContainText('15 reps');
    await expect(rows.filter({ hasText: 'Pull-ups' })).toContainText('3 sets');
    await expect(rows.filter({ hasText: '5K Run' })).toContainText('22:48');

    // Hiding one is saved at once.
    await rows.filter({ hasText: 'Pull-ups' }).click();
    await expect(rows.filter({ hasText: 'Pull-ups' })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('share-selected-count')).toHaveText('2 of 3 shown on your page');
    await expect
      .poll(async () =>
        (await serverPbs(page.request, token)).find((pb) => pb.title === 'Pull-ups'),
      )
      .toMatchObject({ isVisible: false });

    // The preview shows the two selected, in order, one progress segment each.
    const shown = order.filter((title) => title !== 'Pull-ups');
    await page.getByRole('button', { name: 'Preview' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^Show personal best/ })).toHaveCount(2);
    await expect(slideTitle(page)).toHaveText(shown[0] ?? '');
    await expect(page.getByTestId('story-owner')).toHaveText(/^pb/);

    // A phone-sized frame on a wide screen, the whole screen on a phone.
    const frame = await page.getByTestId('story-frame').boundingBox();
    const viewport = page.viewportSize();
    if (testInfo.project.name === 'desktop') {
      expect(frame?.width).toBe(390);
      expect(frame?.height).toBeLessThanOrEqual((viewport?.height ?? 0) * 0.9 + 0.5);
    } else {
      expect(frame).toMatchObject({ x: 0, y: 0, width: viewport?.width, height: viewport?.height });
    }

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Preview' })).toBeFocused();
  });

  test('the preview moves by tap zones, buttons and keys, wrapping, and opens long stories', async ({
    page,
    request,
  }) => {
    const { token } = await sharerWithPbs(page, request, [
      { title: 'Deadlift', value: '405 lbs', story: LONG_STORY },
      {
        title: 'Bench Press',
        value: '225 lbs',
        story: LONG_STORY,
        colors: [
          [90, 120, 255],
          [20, 10, 40],
        ],
      },
      { title: 'Pull-ups', category: 'Bodyweight Training', value: '15 reps', reps: 15 },
    ]);
    const order = (await serverPbs(page.request, token)).map((pb) => pb.title);
    const [first, second, third] = order;
    // Reduced motion: slides wait to be moved, so the moves below are the only ones.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/share-profile');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(slideTitle(page)).toHaveText(first ?? '');

    // Buttons: no previous on the first slide.
    await expect(page.getByRole('button', { name: 'Previous personal best' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Next personal best' }).click();
    await expect(slideTitle(page)).toHaveText(second ?? '');
    await page.getByRole('button', { name: 'Previous personal best' }).click();
    await expect(slideTitle(page)).toHaveText(first ?? '');

    // Tap zones: the left third goes back (wrapping to the last), the right third forward.
    await tapFrame(page, 0.15);
    await expect(slideTitle(page)).toHaveText(third ?? '');
    await tapFrame(page, 0.85);
    await expect(slideTitle(page)).toHaveText(first ?? '');
    await tapFrame(page, 0.85);
    await expect(slideTitle(page)).toHaveText(second ?? '');
    // The middle does not move.
    await tapFrame(page, 0.5);
    await expect(slideTitle(page)).toHaveText(second ?? '');

    // Keys, wrapping forward past the last.
    await page.keyboard.press('ArrowRight');
    await expect(slideTitle(page)).toHaveText(third ?? '');
    await page.keyboard.press('ArrowRight');
    await expect(slideTitle(page)).toHaveText(first ?? '');
    await page.keyboard.press('ArrowLeft');
    await expect(slideTitle(page)).toHaveText(third ?? '');

    // A long story: clamped to 80 px with a hint; a tap on the text opens it up to 30vh.
    for (let i = 0; i < 3 && (await slideTitle(page).textContent()) !== 'Deadlift'; i++) {
      await page.keyboard.press('ArrowRight');
    }
    await expect(slideTitle(page)).toHaveText('Deadlift');
    const story = page.getByTestId('story-text');
    await expect(story).toHaveAttribute('data-expanded', 'false');
    await expect(page.getByRole('button', { name: 'Tap to read more' })).toBeVisible();
    const clamped = await story.boundingBox();
    expect(clamped?.height).toBeLessThanOrEqual(80);
    await page.getByTestId('story-content').getByRole('heading').click();
    await expect(story).toHaveAttribute('data-expanded', 'true');
    await expect(page.getByRole('button', { name: 'Show less' })).toBeVisible();
    await expect.poll(async () => (await story.boundingBox())?.height ?? 0).toBeGreaterThan(80);
    const viewportHeight = page.viewportSize()?.height ?? 0;
    expect((await story.boundingBox())?.height).toBeLessThanOrEqual(viewportHeight * 0.3 + 0.5);

    // Moving away and back finds it closed again.
    await page.keyboard.press('ArrowRight');
    await expect(slideTitle(page)).not.toHaveText('Deadlift');
    await page.keyboard.press('ArrowLeft');
    await expect(slideTitle(page)).toHaveText('Deadlift');
    await expect(story).toHaveAttribute('data-expanded', 'false');

    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('videos play, and the sound toggle is remembered', async ({ page, request }) => {
    await sharerWithPbs(page, request, [
      { title: '5K Run', category: 'Running', value: '0:22:48', media: 'video' },
    ]);
    await page.goto('/share-profile');
    await page.getByRole('button', { name: 'Preview' }).click();

    const video = page.getByTestId('story-slide').locator('video');
    await expect(video).toHaveAttribute('src', /^\/media\//);
    await expect
      .poll(() =>
        page.evaluate<number>(
          "document.querySelector('[data-testid=story-slide] video').currentTime",
        ),
      )
      .toBeGreaterThan(0);
    // It plays once: the preview moves on at its end, here starting its only slide over with a
    // new video element.
    await expect(video).toHaveJSProperty('loop', false);
    await page.evaluate(
      "document.querySelector('[data-testid=story-slide] video').dataset.firstShowing = ''",
    );
    await expect
      .poll(
        () =>
          page.evaluate<boolean>(
            "(() => { const v = document.querySelector('[data-testid=story-slide] video'); return !!v && !('firstShowing' in v.dataset) && !v.paused; })()",
          ),
        { timeout: 10_000 },
      )
      .toBe(true);

    // Opened by a click, so sound (on by default) may play.
    const soundOff = page.getByRole('button', { name: 'Turn sound off' });
    await expect(soundOff).toHaveAttribute('aria-pressed', 'true');
    await expect(video).toHaveJSProperty('muted', false);

    await soundOff.click();
    await expect(page.getByRole('button', { name: 'Turn sound on' })).toBeVisible();
    await expect(video).toHaveJSProperty('muted', true);
    expect(await page.evaluate('localStorage.getItem("pbshare.storySound")')).toBe('off');

    // Remembered: the next preview starts muted and stays so.
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('button', { name: 'Turn sound on' })).toBeVisible();
    await expect(video).toHaveJSProperty('muted', true);
    await expect(video).toHaveJSProperty('paused', false);
  });

  test("Copy Link copies the public link and reads 'Copied!' for 2 s", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { account } = await sharerWithPbs(page, request, [
      { title: 'Deadlift', value: '405 lbs' },
    ]);
    await page.goto('/share-profile');

    const host = new URL(baseURL ?? '').host;
    const link = page.getByTestId('share-link');
    await expect(link).toContainText(`${host}/${account.username}`);
    await expect(link).toHaveAttribute('href', `${baseURL ?? ''}/${account.username}`);
    await page.getByRole('button', { name: 'Copy Link' }).click();
    await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
    await expect(page.getByText('Link copied!')).toBeVisible();
    await expect(page.getByText('Your profile link has been copied to clipboard')).toBeVisible();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(
      `${baseURL ?? ''}/${account.username}`,
    );
    await expect(page.getByRole('button', { name: 'Copy Link' })).toBeVisible({ timeout: 4000 });
  });

  test('downloads the QR code as a PNG', async ({ page, request }) => {
    const { account } = await sharerWithPbs(page, request, [
      { title: 'Deadlift', value: '405 lbs' },
    ]);
    await page.goto('/share-profile');
    await expect(page.getByRole('img', { name: /^QR code for / })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PNG' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`pbshare-${account.username}-qr.png`);
  });

  test('with nothing selected the preview says so', async ({ page, request }) => {
    await sharerWithPbs(page, request, [{ title: 'Deadlift', value: '405 lbs' }]);
    await page.goto('/share-profile');
    const row = page.getByTestId('share-pb-row');
    await row.click();
    await expect(row).toHaveAttribute('aria-pressed', 'false');
    await page.getByRole('button', { name: 'Preview' }).click();
    const dialog = page.getByRole('dialog', { name: 'No PBs Selected' });
    await expect(dialog).toContainText('Please select at least one Personal Best to preview.');
    await dialog.getByRole('button', { name: 'Back to Selection' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Preview' })).toBeFocused();
  });

  test('with no PBs the page invites the first one', async ({ page, request }) => {
    await signInPage(page, await createVerifiedAccount(request));
    await page.goto('/share-profile');
    await expect(page.getByText("You don't have any personal bests to share yet.")).toBeVisible();
    await page.getByRole('link', { name: 'Add Your First PB' }).click();
    await expect(page).toHaveURL(/\/add-pb$/);
  });
});
