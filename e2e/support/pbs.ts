import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import type { Locator, Page } from '@playwright/test';

import { makePng } from './accounts.js';
import { expect } from './fixtures.js';

/** A small file from e2e/fixtures, as Playwright's setFiles takes it. */
export function fixtureFile(name: string, mimeType: string) {
  return {
    name,
    mimeType,
    buffer: readFileSync(resolve(import.meta.dirname, '../fixtures', name)),
  };
}

/** A 3-second VP8 WebM (160x120), which Debian's Chromium plays. */
export const RUN_VIDEO = () => fixtureFile('run-3s.webm', 'video/webm');
/** A 32-second WebM: over the 30-second limit. */
export const LONG_VIDEO = () => fixtureFile('long-32s.webm', 'video/webm');
/** A small PNG made on the spot. */
export const PHOTO = (name = 'lift.png') => ({
  name,
  mimeType: 'image/png',
  buffer: makePng(96, 120),
});

/** The card of one exercise on /profile. */
export function pbCard(page: Page, title: string): Locator {
  return page.getByTestId('pb-card').filter({
    has: page.getByRole('heading', { name: title, exact: true }),
  });
}

/** The card titles, in the order the grid shows them. */
export async function cardTitles(page: Page): Promise<string[]> {
  return page.getByTestId('pb-card').getByRole('heading', { level: 3 }).allTextContents();
}

/** Picks the PB's media in the form and waits for its preview. */
export async function pickMedia(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /Upload a photo or video|Replace/ }).click();
  await (await chooser).setFiles(file);
}

/** Opens a collapsed card. */
export async function expandCard(page: Page, title: string) {
  await pbCard(page, title)
    .getByRole('button', { name: new RegExp(`^${escapeRegExp(title)}: .*Show details$`) })
    .click();
  const expanded = page.locator('[data-testid="pb-card"][data-expanded="true"]');
  await expect(expanded.getByRole('heading', { name: title, exact: true })).toBeVisible();
  return expanded;
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** What a <video> is doing, read in the page. */
export function videoState(video: Locator) {
  return video.evaluate((element) => {
    const media = element as unknown as { paused: boolean; muted: boolean; currentTime: number };
    return { paused: media.paused, muted: media.muted, currentTime: media.currentTime };
  });
}
