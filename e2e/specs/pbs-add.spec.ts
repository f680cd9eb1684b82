import type { Page } from '@playwright/test';
import { signedInAccount } from '../support/accounts.js';
import { test, expect } from '../support/fixtures.js';
import {
  expandCard,
  LONG_VIDEO,
  pbCard,
  PHOTO,
  pickMedia,
  RUN_VIDEO,
  videoState,
} from '../support/pbs.js';

test.describe('adding personal bests', () => {
  test('adds a weight PB with a photo from the empty profile', async ({ page, request }) => {
    await signedInAccount(page, request);
    await expect(page.getByRole('heading', { name: 'No Personal Bests Yet' })).toBeVisible();
    await expect(
      page.getByText("Used 0 of 3 exercises (history entries don't count)"),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Add Your First PB' }).click();

    await expect(page).toHaveURL(/\/add-pb$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Add New Personal Best' }),
    ).toBeVisible();
    await expect(page.getByText('Tips for Capturing Great PB Moments')).toBeVisible();
    // Never greyed out: pressing it says what is missing (e2e/specs/pbs-form.spec.ts).
    const save = page.getByRole('button', { name: 'Save Personal Best' });
    await expect(save).toBeEnabled();

    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('Weight Training');
    await expect(page.getByLabel('Exercise name')).toHaveAttribute('placeholder', 'e.g. Deadlift');
    await page.getByLabel('Exercise name').fill('Deadlift');
    await page.getByRole('radio', { name: 'kg' }).click();
    await page.getByRole('textbox', { name: 'Weight (kg)' }).fill('182.5');
    await page.getByRole('textbox', { name: 'Sets' }).fill('1');
    await page.getByRole('textbox', { name: 'Reps' }).fill('1');
    await page.getByRole('textbox', { name: 'Your story' }).fill('Four plates at last.');
    await pickMedia(page, PHOTO('deadlift.png'));
    await expect(page.getByTestId('media-preview')).toHaveAttribute('data-state', 'selected');
    await expect(page.getByText('deadlift.png')).toBeVisible();

    await save.click();
    await expect(page.getByText('Personal best saved successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);

    const card = pbCard(page, 'Deadlift');
    await expect(card).toContainText('182.5 kg');
    await expect(card).toContainText('Weight Training');
    await expect(card).toContainText('1 set × 1 rep');
    await expect(card.locator('img')).toHaveAttribute('src', /\/media\//);
    await expect(page.getByTestId('pb-count')).toHaveText('1 Personal Best');
    await expect(
      page.getByText("Used 1 of 3 exercises (history entries don't count)"),
    ).toBeVisible();

    const expanded = await expandCard(page, 'Deadlift');
    await expect(expanded.getByText('Four plates at last.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add New', exact: true })).toBeHidden();
    await expanded.getByRole('button', { name: 'Close Deadlift' }).click();
    await expect(page.getByRole('link', { name: 'Add New', exact: true })).toBeVisible();
  });

  test('adds a running PB with a time and a video that plays when the card opens', async ({
    page,
    request,
  }) => {
    await signedInAccount(page, request);
    await recordFormParts(page);
    await page.goto('/add-pb');
    await page.getByRole('combobox', { name: 'Category' }).selectOption('Running');
    await expect(page.getByLabel('Exercise name')).toHaveAttribute('placeholder', 'e.g. 5K Run');
    await page.getByLabel('Exercise name').fill('5K Run');
    await page.getByRole('textbox', { name: 'Minutes' }).fill('22');
    await page.getByRole('textbox', { name: 'Seconds' }).fill('75');

    // A video longer than 30 s is refused before any upload.
    await pickMedia(page, LONG_VIDEO());
    // Said twice on purpose: in a toast and under the media field, which outlasts the toast.
    await expect(toastWith(page, 'Video must be 30 seconds or less.')).toBeVisible();
    await expect(page.getByLabel('Photo or video')).toHaveAccessibleDescription(
      'Video must be 30 seconds or less.',
    );
    await expect(page.getByTestId('media-preview')).toHaveCount(0);

    await pickMedia(page, RUN_VIDEO());
    await expect(page.getByTestId('media-preview')).toHaveAttribute('data-state', 'selected');

    // Seconds above 59 are refused by the shared rules.
    await page.getByRole('button', { name: 'Save Personal Best' }).click();
    await expect(page.getByText('Minutes and seconds must be between 0 and 59')).toBeVisible();
    await page.getByRole('textbox', { name: 'Seconds' }).fill('48');

    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/v1/pbs') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Save Personal Best' }).click();
    const response = await saved;
    expect(response.status()).toBe(201);
    // The browser sends the video alone, ahead of the save (resumably, over /v1/uploads) and the
    // form names it; the server draws its poster from the first frame and makes the rendition
    // afterwards (e2e/specs/video-processing.spec.ts follows that through).
    const parts = await formParts(page);
    expect(parts).toContain('uploadId');
    expect(parts).not.toContain('file');
    expect(parts).not.toContain('poster');
    const body = (await response.json()) as {
      data: { media: { status: string; posterUrl: string | null } };
    };
    expect(body.data.media.posterUrl).toMatch(/\/media\//);
    expect(body.data.media.status).toBe('processing');
    await expect(page).toHaveURL(/\/profile$/);

    const card = pbCard(page, '5K Run');
    await expect(card).toContainText('22:48');
    // The card turns into the video by itself once the rendition is ready.
    const video = card.locator('video');
    await expect(video).toHaveAttribute('src', /\/video\.mp4$/, { timeout: VIDEO_READY_MS });
    await expect(video).toHaveJSProperty('paused', true);

    const expanded = await expandCard(page, '5K Run');
    await expect
      .poll(() => videoState(video).then((state) => !state.paused && state.muted))
      .toBe(true);
    await expect
      .poll(() => videoState(video).then((state) => state.currentTime))
      .toBeGreaterThan(0.2);

    // Closing pauses it back on its resting frame.
    await expanded.getByRole('button', { name: 'Close 5K Run' }).click();
    await expect(video).toHaveJSProperty('paused', true);
    await expect
      .poll(() => videoState(video).then((state) => state.currentTime))
      .toBeCloseTo(0.1, 1);
  });

  test('refuses a file that is neither an image nor a video', async ({ page, request }) => {
    await signedInAccount(page, request);
    await page.goto('/add-pb');
    await pickMedia(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await expect(toastWith(page, 'Invalid file type')).toBeVisible();
    await expect(toastWith(page, 'Please select an image or video file.')).toBeVisible();
    await expect(page.getByLabel('Photo or video')).toHaveAccessibleDescription(
      'Please select an image or video file.',
    );
    await expect(page.getByTestId('media-preview')).toHaveCount(0);
  });
});

/** The longest a 3 s clip may take to process on a loaded test machine. */
const VIDEO_READY_MS = 30_000;

/**
 * Records the names of the parts the page puts in any FormData: Chromium does not hand Playwright
 * the body of a request that carries a file, so the upload's parts are read where they are made.
 */
async function recordFormParts(page: Page) {
  // A string: this project type-checks specs without the DOM library.
  await page.addInitScript({
    content: `
      window.__formParts = [];
      for (const method of ['set', 'append']) {
        const original = FormData.prototype[method];
        FormData.prototype[method] = function (name, ...rest) {
          window.__formParts.push(name);
          return original.call(this, name, ...rest);
        };
      }`,
  });
}

function formParts(page: Page): Promise<string[]> {
  return page.evaluate<string[]>('window.__formParts');
}

/** A text inside one of the toasts, as opposed to the same words under a field. */
function toastWith(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').getByText(text);
}
