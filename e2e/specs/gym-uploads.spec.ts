import { statSync } from 'node:fs';

import { createVerifiedAccount } from '../support/accounts.js';
import { hevcClip, plainClip } from '../support/clips.js';
import { test, expect } from '../support/fixtures.js';
import { PHOTO } from '../support/pbs.js';
import { signInPage } from '../support/share.js';
import {
  expectNeverSentTwice,
  expectRenditionPlays,
  fillRun,
  savedPb,
  watchUploads,
} from '../support/uploads.js';

test.describe('uploads that survive the gym', () => {
  test('a cut mid-upload goes on from where the server stopped, by itself', async ({
    page,
    context,
    consoleErrors,
  }) => {
    test.setTimeout(300_000);
    const file = await plainClip();
    const size = statSync(file).size;
    const account = await createVerifiedAccount(page.request);
    await signInPage(page, account);
    const uploads = watchUploads(page);
    await fillRun(page, 'Cut Run', file);
    // Each chunk takes a moment, as on a gym's uplink, so the cut comes with chunks still to go.
    await page.route('**/v1/uploads/*', async (route) => {
      if (route.request().method() === 'PATCH') await new Promise((r) => setTimeout(r, 1_000));
      await route.fallback();
    });

    const saved = savedPb(page);
    const firstChunk = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.status() === 204,
      { timeout: 120_000 },
    );
    await page.getByRole('button', { name: 'Save Personal Best' }).click();
    await firstChunk;
    await context.setOffline(true);
    await expect(page.getByTestId('upload-connection-lost')).toHaveText(
      'Connection lost, retrying…',
      { timeout: 30_000 },
    );
    await page.waitForTimeout(2_000);
    await context.setOffline(false);
    // Chromium logs each request the cut failed; the form handled them, which is the point.
    const cutRequests = consoleErrors.filter((text) => text.includes('ERR_INTERNET_DISCONNECTED'));
    expect(cutRequests.length).toBeGreaterThan(0);
    consoleErrors.splice(
      0,
      consoleErrors.length,
      ...consoleErrors.filter((t) => !cutRequests.includes(t)),
    );

    const response = await saved;
    expect(response.status(), await response.text()).toBe(201);
    await expect(page.getByTestId('upload-connection-lost')).toHaveCount(0);

    // One upload, never started again: the clip as picked (it needs no shrinking), each PATCH
    // from where the server stood, and after the cut from where its HEAD said it stood: the
    // server received each byte once.
    expect(uploads.created).toHaveLength(1);
    expect(uploads.length()).toBe(size);
    expect(expectNeverSentTwice(uploads.events, size)).toBeGreaterThan(0);
    await expectRenditionPlays(page, 'Cut Run');
  });

  test('a clip this browser cannot convert is sent as it was picked', async ({ page }) => {
    test.setTimeout(240_000);
    const file = await hevcClip();
    const account = await createVerifiedAccount(page.request);
    await signInPage(page, account);
    const uploads = watchUploads(page);
    await fillRun(page, 'HEVC Run', file);
    const saved = savedPb(page);
    await page.getByRole('button', { name: 'Save Personal Best' }).click();
    const response = await saved;
    expect(response.status(), await response.text()).toBe(201);
    expect(uploads.length()).toBe(statSync(file).size);
    await expectRenditionPlays(page, 'HEVC Run');
  });
});

test('no page loads the video converter until a video needs preparing', async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/convert-video-')) loaded.push(request.url());
  });
  const account = await createVerifiedAccount(page.request);
  await signInPage(page, account);
  for (const path of ['/', '/profile', '/share-profile', `/${account.username}`, '/add-pb']) {
    await page.goto(path);
  }
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /Upload a photo or video/ }).click();
  await (await chooser).setFiles(PHOTO());
  await expect(page.getByTestId('media-preview')).toHaveAttribute('data-state', 'selected');
  expect(loaded).toEqual([]);
});
