import type { Page, Request } from '@playwright/test';

import { expect } from './fixtures.js';
import { pbCard } from './pbs.js';

/** What the server answered about the upload's offset, in order: PATCHes stored and HEADs. */
type OffsetEvent =
  { kind: 'patch'; from: number; status: number; to: number } | { kind: 'head'; at: number };

/** Everything the page said to /v1/uploads, in order. */
export function watchUploads(page: Page) {
  const created: Request[] = [];
  const events: OffsetEvent[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/v1/uploads')) created.push(request);
  });
  page.on('requestfinished', async (request) => {
    if (!request.url().includes('/v1/uploads/')) return;
    const response = await request.response();
    const offset = Number(response?.headers()['upload-offset']);
    if (request.method() === 'PATCH') {
      events.push({
        kind: 'patch',
        from: Number(request.headers()['upload-offset']),
        status: response?.status() ?? 0,
        to: offset,
      });
    }
    if (request.method() === 'HEAD') events.push({ kind: 'head', at: offset });
  });
  return { created, events, length: () => Number(created[0]?.headers()['upload-length']) };
}

/**
 * Walks the answers: every PATCH must start exactly where the server stood, as the last answer
 * said. A PATCH from further back would send bytes the server already had.
 */
export function expectNeverSentTwice(events: OffsetEvent[], size: number) {
  let at = 0;
  let resumedFrom = 0;
  for (const event of events) {
    if (event.kind === 'head') {
      expect(event.at).toBeGreaterThanOrEqual(at);
      at = event.at;
      resumedFrom = Math.max(resumedFrom, event.at);
      continue;
    }
    expect(event.status).toBe(204);
    expect(event.from).toBe(at);
    at = event.to;
  }
  expect(at).toBe(size);
  return resumedFrom;
}

export async function fillRun(page: Page, title: string, file: string) {
  await page.goto('/add-pb');
  await page.getByRole('combobox', { name: 'Category' }).selectOption('Running');
  await page.getByLabel('Exercise name').fill(title);
  await page.getByRole('textbox', { name: 'Minutes' }).fill('22');
  await page.getByRole('textbox', { name: 'Seconds' }).fill('48');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /Upload a photo or video|Replace/ }).click();
  await (await chooser).setFiles(file);
  await expect(page.getByTestId('media-preview')).toHaveAttribute('data-state', 'selected', {
    timeout: 60_000,
  });
}

export function savedPb(page: Page) {
  return page.waitForResponse(
    (response) => response.url().endsWith('/v1/pbs') && response.request().method() === 'POST',
    { timeout: 900_000 },
  );
}

/** The card's video is the server's rendition and shows a picture. */
export async function expectRenditionPlays(page: Page, title: string) {
  await expect(page).toHaveURL(/\/profile$/);
  const video = pbCard(page, title).locator('video');
  await expect(video).toHaveAttribute('src', /\/video\.mp4$/, { timeout: 180_000 });
  await expect
    .poll(() =>
      video.evaluate((element) => (element as unknown as { videoWidth: number }).videoWidth),
    )
    .toBeGreaterThan(0);
}
