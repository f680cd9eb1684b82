import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdir, rename, rmdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import type { Page, Request } from '@playwright/test';

import { createVerifiedAccount } from '../support/accounts.js';
import { test, expect } from '../support/fixtures.js';
import { PHOTO, pbCard } from '../support/pbs.js';
import { signInPage } from '../support/share.js';

const run = promisify(execFile);
const MB = 1024 * 1024;

/** Clips are made once per machine and shared by both projects (they take minutes to encode). */
const CLIPS = join(tmpdir(), 'pbshare-e2e-clips');

/**
 * Makes `name` with ffmpeg unless it is there already. A lock folder keeps the two workers from
 * encoding the same 4K clip at once; the file appears whole, by rename.
 */
async function clip(name: string, args: string[]): Promise<string> {
  const path = join(CLIPS, name);
  const lock = `${path}.lock`;
  await mkdir(CLIPS, { recursive: true });
  for (;;) {
    if (existsSync(path)) return path;
    try {
      await mkdir(lock);
      break;
    } catch {
      // A lock older than any encode was left by a run that was killed: take it over.
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() - since > 600_000) await rmdir(lock).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  try {
    if (!existsSync(path)) {
      const partial = `${path}.partial.mp4`;
      // prettier-ignore
      await run('/usr/bin/ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args, partial], {
        timeout: 480_000,
      });
      await rename(partial, path);
    }
    return path;
  } finally {
    await rmdir(lock).catch(() => undefined);
  }
}

/**
 * 30 s of 4K at 60 fps and 40 Mbit/s with sound, ~150 MB: the size and shape of what a current
 * phone records. The picture is a square crossing a plain frame and x264 pads it to the bit rate
 * (CBR filler), so encoding and decoding it take a fraction of a real scene's minutes of CPU.
 */
const phoneClip = () =>
  // prettier-ignore
  clip('4k60-30s-cbr.mp4', [
    '-f', 'lavfi',
    '-i', "color=c=0x2a6fdb:s=3840x2160:r=60,drawbox=x='mod(t*600,3600)':y=960:w=240:h=240:color=orange:t=fill",
    '-f', 'lavfi', '-i', 'sine=frequency=440',
    '-t', '30', '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '40M', '-minrate', '40M',
    '-maxrate', '40M', '-bufsize', '40M', '-x264-params', 'nal-hrd=cbr:filler=1',
    '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart',
  ]);

/** 720p at 6 Mbit/s for 30 s (~23 MB): small enough to be sent as it is, big enough to cut. */
const plainClip = () =>
  // prettier-ignore
  clip('720p-30s.mp4', [
    '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30',
    '-f', 'lavfi', '-i', 'sine=frequency=330',
    '-t', '30', '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '6M', '-maxrate', '6M',
    '-bufsize', '12M', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart',
  ]);

/** HEVC, which this Chromium cannot decode, so it cannot convert it either. */
const hevcClip = () =>
  // prettier-ignore
  clip('hevc-720p-3s.mp4', [
    '-f', 'lavfi', '-i', 'testsrc2=s=1280x720:r=30:d=3', '-f', 'lavfi', '-i', 'sine=d=3',
    '-c:v', 'libx265', '-preset', 'ultrafast', '-tag:v', 'hvc1', '-pix_fmt', 'yuv420p',
    '-x265-params', 'log-level=error', '-c:a', 'aac', '-shortest',
  ]);

/** What the server answered about the upload's offset, in order: PATCHes stored and HEADs. */
type OffsetEvent =
  { kind: 'patch'; from: number; status: number; to: number } | { kind: 'head'; at: number };

/** Everything the page said to /v1/uploads, in order. */
function watchUploads(page: Page) {
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
function expectNeverSentTwice(events: OffsetEvent[], size: number) {
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

async function fillRun(page: Page, title: string, file: string) {
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

function savedPb(page: Page) {
  return page.waitForResponse(
    (response) => response.url().endsWith('/v1/pbs') && response.request().method() === 'POST',
    { timeout: 900_000 },
  );
}

/** The card's video is the server's rendition and shows a picture. */
async function expectRenditionPlays(page: Page, title: string) {
  await expect(page).toHaveURL(/\/profile$/);
  const video = pbCard(page, title).locator('video');
  await expect(video).toHaveAttribute('src', /\/video\.mp4$/, { timeout: 180_000 });
  await expect
    .poll(() =>
      video.evaluate((element) => (element as unknown as { videoWidth: number }).videoWidth),
    )
    .toBeGreaterThan(0);
}

test.describe('uploads that survive the gym', () => {
  test('a 30 s 4K60 clip is prepared on the phone, sent at 25 MB at most, and plays', async ({
    page,
  }) => {
    // Decoding 4K takes minutes of both cores, shared with the other worker.
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
