import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import type { PersonalBest, PublicProfile } from '@pbshare/shared';
import type { Locator } from '@playwright/test';

import { createVerifiedAccount } from '../support/accounts.js';
import { test as base, expect } from '../support/fixtures.js';
import { pbCard, pickMedia } from '../support/pbs.js';
import { serverPb, signInPage, slideTitle, visitStory } from '../support/share.js';

const run = promisify(execFile);

/** The longest the clip may take to process while the other worker's videos share the queue. */
const VIDEO_READY_MS = 45_000;

/**
 * An HEVC clip with sound, as phones record them. This Chromium cannot decode HEVC (it would play
 * the sound over a black picture), so a picture on screen proves the server's H.264 rendition is
 * what plays. Made once per worker rather than committed as a binary file.
 */
const test = base.extend<object, { hevcClip: Buffer }>({
  hevcClip: [
    async ({}, use) => {
      const dir = await mkdtemp(join(tmpdir(), 'pbshare-hevc-'));
      try {
        const file = join(dir, 'clip.mp4');
        // prettier-ignore
        await run('/usr/bin/ffmpeg', [
          '-nostdin', '-hide_banner', '-loglevel', 'error',
          '-f', 'lavfi', '-i', 'testsrc2=s=1280x720:r=30:d=3',
          '-f', 'lavfi', '-i', 'sine=d=3',
          '-c:v', 'libx265', '-preset', 'ultrafast', '-tag:v', 'hvc1', '-pix_fmt', 'yuv420p',
          '-x265-params', 'log-level=error',
          '-c:a', 'aac', '-shortest', file,
        ], { timeout: 60_000 });
        await use(await readFile(file));
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

/** What a <video> shows, read in the page. */
function picture(video: Locator) {
  return video.evaluate((element) => {
    const media = element as unknown as { videoWidth: number; currentTime: number };
    return { width: media.videoWidth, time: media.currentTime };
  });
}

/** The DOM a waiting check uses: the specs are typed without the DOM library. */
interface MediaEvents {
  videoWidth: number;
  currentTime: number;
  addEventListener: (type: string, listener: () => void) => void;
  removeEventListener: (type: string, listener: () => void) => void;
}

/**
 * The video has a decoded picture and its time moves on. Watched from inside the page: a story
 * moves on (and drops the element) when its 3 s clip ends, which polling from here could miss.
 */
async function expectPlayingWithPicture(video: Locator) {
  const seen = await video.evaluate(
    (element, waitMs) =>
      new Promise<{ width: number; from: number; to: number }>((resolve) => {
        const media = element as unknown as MediaEvents;
        const from = media.currentTime;
        const finish = () => {
          clearTimeout(timer);
          media.removeEventListener('timeupdate', check);
          resolve({ width: media.videoWidth, from, to: media.currentTime });
        };
        const check = () => {
          if (media.videoWidth > 0 && media.currentTime > from) finish();
        };
        const timer = setTimeout(finish, waitMs);
        media.addEventListener('timeupdate', check);
        check();
      }),
    10_000,
  );
  expect(seen.width, 'the video has a picture').toBeGreaterThan(0);
  expect(seen.to, 'the video plays on').toBeGreaterThan(seen.from);
}

/** The two do not overlap on screen (a locator that matches nothing is clear of anything). */
async function expectClearOf(mark: Locator, control: Locator) {
  if ((await control.count()) === 0) return;
  const [a, b] = [await mark.boundingBox(), await control.boundingBox()];
  if (!a || !b) throw new Error('both must be on screen');
  const apart =
    a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
  expect(apart, 'the mark leaves the control uncovered').toBe(true);
}

test.describe('video processing', () => {
  test('an HEVC upload shows as processing to its owner, then plays as H.264 everywhere', async ({
    page,
    browser,
    baseURL,
    hevcClip,
  }) => {
    // The rendition takes seconds of both cores, and the other worker's videos share the queue.
    test.slow();
    const account = await createVerifiedAccount(page.request);
    const token = await signInPage(page, account);

    await page.goto('/add-pb');
    await page.getByRole('combobox', { name: 'Category' }).selectOption('Running');
    await page.getByLabel('Exercise name').fill('5K Run');
    await page.getByRole('textbox', { name: 'Minutes' }).fill('22');
    await page.getByRole('textbox', { name: 'Seconds' }).fill('48');
    await pickMedia(page, { name: 'clip.mp4', mimeType: 'video/mp4', buffer: hevcClip });
    // The browser may give up reading its length (it cannot decode HEVC): the server checks it.
    await expect(page.getByTestId('media-preview')).toHaveAttribute('data-state', 'selected', {
      timeout: 15_000,
    });

    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/v1/pbs') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Save Personal Best' }).click();
    const response = await saved;
    expect(response.status()).toBe(201);
    const { data: pb } = (await response.json()) as { data: PersonalBest };
    expect(pb.media).toMatchObject({ type: 'video', status: 'processing' });
    expect(pb.media.fullUrl).not.toMatch(/\/video\.mp4$/);
    expect(pb.media.durationSeconds).toBeCloseTo(3, 0);

    // Visitors see nothing of it yet. Processing may already be over, so this only holds when
    // the owner's record still said 'processing' after the public answers were read.
    const publicApi = await page.request.get(`/v1/pbs/user/${account.username}`);
    const publicPage = await page.request.get(`/${account.username}`);
    expect(publicApi.status()).toBe(200);
    expect(publicPage.status()).toBe(200);
    if ((await serverPb(page.request, token, pb.id)).media.status === 'processing') {
      const { data: profile } = (await publicApi.json()) as { data: PublicProfile };
      expect(profile.pbs.map((shown) => shown.id)).not.toContain(pb.id);
      expect(await publicPage.text()).not.toContain(pb.id);
    }

    // The owner's card: the server's poster, with the status over it.
    await expect(page).toHaveURL(/\/profile$/);
    const card = pbCard(page, '5K Run');
    await expect(card.getByRole('status')).toHaveText('Processing video…');
    await expect(card.getByRole('img', { name: '5K Run personal best' })).toHaveAttribute(
      'src',
      /^\/media\/.*\.webp$/,
    );
    await expect(card.locator('video')).toHaveCount(0);
    // Its length shows already; the play mark waits for something to play.
    await expect(card.getByText('0:03', { exact: true })).toBeVisible();
    await expect(card.getByTestId('video-play-mark')).toHaveCount(0);

    // Without a reload, the card turns into the rendition.
    const cardVideo = card.locator('video');
    await expect(cardVideo).toHaveAttribute('src', /\/video\.mp4$/, { timeout: VIDEO_READY_MS });
    await expect(card.getByRole('status')).toHaveCount(0);
    await expect.poll(async () => (await picture(cardVideo)).width).toBeGreaterThan(0);

    // Collapsed, it reads as a video before it is opened: a play mark and its length, in words
    // for screen readers, all clear of the card's corner buttons.
    const playMark = card.getByTestId('video-play-mark');
    const length = card.getByText('0:03', { exact: true });
    await expect(playMark).toBeVisible();
    await expect(length).toBeVisible();
    await expect(card.getByText('Video, 3 seconds')).toBeAttached();
    for (const mark of [playMark, length]) {
      await expectClearOf(mark, card.getByRole('button', { name: /public page$/ }));
      await expectClearOf(mark, card.getByRole('button', { name: /^Drag to reorder/ }));
    }
    // Opened, the player's controls take over.
    await card.getByRole('button', { name: /Show details$/ }).click();
    await expect(playMark).toHaveCount(0);
    await expect(length).toHaveCount(0);

    // The owner's preview plays it with a picture; the list marks its thumbnail with the length.
    await page.goto('/share-profile');
    await expect(page.getByTestId('share-pb-video-length')).toHaveText('0:03');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(slideTitle(page)).toHaveText('5K Run');
    const previewVideo = page.getByTestId('story-slide').locator('video');
    await expect(previewVideo).toHaveAttribute('src', /\/video\.mp4$/);
    await expectPlayingWithPicture(previewVideo);

    // And so does a signed-out visitor's public page.
    const visitor = await browser.newContext({
      baseURL,
      viewport: page.viewportSize(),
      isMobile: page.viewportSize()?.width === 390,
    });
    const v = await visitor.newPage();
    await visitStory(v, `/${account.username}`);
    await expect(slideTitle(v)).toHaveText('5K Run');
    const publicVideo = v.getByTestId('story-slide').locator('video');
    await expect(publicVideo).toHaveAttribute('src', /\/video\.mp4$/);
    await expectPlayingWithPicture(publicVideo);
    await visitor.close();
  });
});
