import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import type { APIRequestContext, Locator, Page } from '@playwright/test';

import { apiSignIn, createVerifiedAccount, makePng, signIn } from './accounts.js';
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

/** A fresh verified account, signed in on /profile. */
export async function signedInAccount(page: Page, request: APIRequestContext) {
  const account = await createVerifiedAccount(request);
  await signIn(page, account);
  return account;
}

export { apiSignIn as apiToken };

export interface SeedPb {
  title: string;
  category: string;
  value: string;
  date?: string;
  sets?: string;
  reps?: string;
  story?: string;
}

/** Adds a PB through POST /v1/pbs (with a small PNG), as the form would. Returns the record id. */
export async function seedPb(
  request: APIRequestContext,
  token: string,
  pb: SeedPb,
): Promise<string> {
  const response = await request.post('/v1/pbs', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      title: pb.title,
      category: pb.category,
      value: pb.value,
      date: pb.date ?? '',
      sets: pb.sets ?? '',
      reps: pb.reps ?? '',
      story: pb.story ?? '',
      file: PHOTO(),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { data: { id: string } };
  return body.data.id;
}

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
