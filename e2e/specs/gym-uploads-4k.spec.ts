import { statSync } from 'node:fs';

import { createVerifiedAccount } from '../support/accounts.js';
import { phoneClip } from '../support/clips.js';
import { test, expect } from '../support/fixtures.js';
import { signInPage } from '../support/share.js';
import { expectRenditionPlays, fillRun, savedPb, watchUploads } from '../support/uploads.js';

const MB = 1024 * 1024;

// Runs in its own project, at phone size, after every other test (playwright.config.ts): decoding
// 4K takes minutes of both cores, and anything sharing them timed out beside it.
test('a 30 s 4K60 clip is prepared on the phone, sent at 25 MB at most, and plays', async ({
  page,
}) => {
  test.setTimeout(1_200_000);
  const file = await phoneClip();
  const account = await createVerifiedAccount(page.request);
  await signInPage(page, account);
  const uploads = watchUploads(page);
  await fillRun(page, '4K Run', file);

  const saved = savedPb(page);
  const converter = page.waitForRequest(/\/assets\/convert-video-[\w-]+\.js$/);
  await page.getByRole('button', { name: 'Save Personal Best' }).click();
  await converter;
  const preparing = page.getByTestId('video-preparing');
  await expect(preparing).toBeVisible();
  await expect(preparing).toContainText(/Preparing video… \d+%/);
  await expect(preparing.getByRole('button', { name: 'Cancel' })).toBeVisible();

  const response = await saved;
  expect(response.status(), await response.text()).toBe(201);
  expect(uploads.created).toHaveLength(1);
  expect(uploads.length()).toBeLessThanOrEqual(25 * MB);
  expect(statSync(file).size).toBeGreaterThan(140 * MB);
  expect(uploads.length()).toBeLessThan(statSync(file).size / 5);
  await expectRenditionPlays(page, '4K Run');
});
