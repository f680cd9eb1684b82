import type { APIRequestContext, Page } from '@playwright/test';

import { test, expect } from '../support/fixtures.js';
import {
  visitStory,
  endScreenHeading,
  LONG_STORY,
  type NewPb,
  photoShown,
  sharerWithPbs,
  slideTitle,
  storyProgress,
} from '../support/share.js';

const PHOTO_MS = 5000;
const START = new Date('2026-03-04T09:00:00Z');

/**
 * Puts the page's clock in the test's hands before it loads: timers, animation frames and
 * performance.now stand still until the test moves them with runFor. Media still play in real
 * time.
 */
async function holdClock(page: Page) {
  await page.clock.install({ time: START });
  await page.clock.pauseAt(new Date(START.getTime() + 1000));
}

/** Newest first: the story opens on Deadlift, then goes on to Bench Press. */
const TWO_LIFTS: NewPb[] = [
  { title: 'Bench Press', value: '225 lbs' },
  { title: 'Deadlift', value: '405 lbs' },
];

/** A new sharer of `pbs` (in that order), whose story is then opened with the clock held. */
async function openHeldStory(page: Page, request: APIRequestContext, pbs: NewPb[]) {
  const sharer = await sharerWithPbs(page, request, pbs);
  await holdClock(page);
  await visitStory(page, `/${sharer.account.username}`);
  return sharer;
}

/** A point on the story frame: a fraction of its width, a third of the way down. */
async function framePoint(page: Page, fraction: number) {
  const box = await page.getByTestId('story-frame').boundingBox();
  if (!box) throw new Error('the story frame is not on screen');
  return { x: box.x + box.width * fraction, y: box.y + box.height * 0.33 };
}

test.describe('story playback', () => {
  test('a photo moves on after 5 s as its segment fills; after the last slide the story ends', async ({
    page,
    request,
  }) => {
    // Newest first: Deadlift, then Bench Press.
    const { account } = await openHeldStory(page, request, TWO_LIFTS);
    await expect(slideTitle(page)).toHaveText('Deadlift');
    await photoShown(page);
    expect(await storyProgress(page)).toBe(0);

    await page.clock.runFor(PHOTO_MS / 2);
    const half = await storyProgress(page);
    expect(half).toBeGreaterThan(0.4);
    expect(half).toBeLessThan(0.6);
    await expect(slideTitle(page)).toHaveText('Deadlift');

    await page.clock.runFor(PHOTO_MS / 2 + 100);
    await expect(slideTitle(page)).toHaveText('Bench Press');
    // The first segment stays full; the current one starts again from empty.
    await expect(
      page
        .getByRole('button', { name: /^Show personal best 1 of 2/ })
        .locator('[data-progress-fill]'),
    ).toHaveAttribute('style', /scaleX\(1\)/);
    expect(await storyProgress(page)).toBeLessThan(0.05);

    // The public page does not start over: past the last slide comes the end screen.
    await photoShown(page);
    await page.clock.runFor(PHOTO_MS + 100);
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(endScreenHeading(page)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${account.username}$`));
  });

  test('a video plays once and the story moves on when it ends', async ({ page, request }) => {
    const { account } = await sharerWithPbs(page, request, [
      { title: 'Deadlift', value: '405 lbs' },
      { title: '5K Run', category: 'Running', value: '0:22:48', media: 'video' },
    ]);
    await visitStory(page, `/${account.username}`);
    await expect(slideTitle(page)).toHaveText('5K Run');
    const video = page.getByTestId('story-slide').locator('video');
    await expect(video).toHaveJSProperty('loop', false);
    await expect.poll(() => storyProgress(page)).toBeGreaterThan(0);
    // The sample is 3 s long.
    await expect(slideTitle(page)).toHaveText('Deadlift', { timeout: 10_000 });
  });

  test('holding the slide pauses the story, and letting go resumes it without moving on', async ({
    page,
    request,
  }) => {
    await openHeldStory(page, request, TWO_LIFTS);
    await photoShown(page);
    await page.clock.runFor(1000);
    const before = await storyProgress(page);
    expect(before).toBeGreaterThan(0.15);

    // Held on the right third, which a tap would use to move on.
    const point = await framePoint(page, 0.85);
    await page.mouse.move(point.x, point.y);
    await page.mouse.down();
    await expect(page.getByTestId('story-frame')).toHaveAttribute('data-playing', 'false');
    await page.clock.runFor(PHOTO_MS * 2);
    expect(await storyProgress(page)).toBeCloseTo(before, 2);
    await expect(slideTitle(page)).toHaveText('Deadlift');

    await page.mouse.up();
    await expect(page.getByTestId('story-frame')).toHaveAttribute('data-playing', 'true');
    await expect(slideTitle(page)).toHaveText('Deadlift');
    await page.clock.runFor(1000);
    expect(await storyProgress(page)).toBeGreaterThan(before + 0.15);

    // A quick tap there still moves on.
    await page.mouse.click(point.x, point.y);
    await expect(slideTitle(page)).toHaveText('Bench Press');
  });

  test("the browser's Back closes the viewer and stays on the page; closing leaves no extra entry", async ({
    page,
    request,
  }) => {
    const { account } = await sharerWithPbs(page, request, [
      { title: 'Deadlift', value: '405 lbs' },
    ]);
    await holdClock(page);
    await page.goto('/pricing');
    await visitStory(page, `/${account.username}`);
    await expect(slideTitle(page)).toHaveText('Deadlift');
    // Marks this document: a reload or a new page would lose it.
    await page.evaluate('window.__samePage = true');
    await page.keyboard.press('Space');
    await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();

    await page.goBack();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(endScreenHeading(page)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${account.username}$`));
    expect(await page.evaluate('window.__samePage')).toBe(true);

    // Forward opens it again.
    await page.goForward();
    await expect(slideTitle(page)).toHaveText('Deadlift');
    await page.goBack();
    await expect(endScreenHeading(page)).toBeVisible();

    // Watched again and closed with the X: Back then leaves the page, not a dead copy of it.
    await page.getByRole('button', { name: 'Watch again' }).click();
    await expect(slideTitle(page)).toHaveText('Deadlift');
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(endScreenHeading(page)).toBeVisible();
    await expect
      .poll(() => page.evaluate<boolean>('"pbshareStoryViewer" in (history.state ?? {})'))
      .toBe(false);
    await page.goBack();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test('the keys keep working after "Tap to read more", and the open story scrolls', async ({
    page,
    request,
  }) => {
    const veryLong = [LONG_STORY, LONG_STORY, LONG_STORY].join('\n\n');
    await openHeldStory(page, request, [
      { title: 'Bench Press', value: '225 lbs', story: LONG_STORY },
      { title: 'Deadlift', value: '405 lbs', story: veryLong },
    ]);
    await expect(slideTitle(page)).toHaveText('Deadlift');
    const story = page.getByTestId('story-text');

    await page.getByRole('button', { name: 'Tap to read more' }).click();
    await expect(story).toHaveAttribute('data-expanded', 'true');
    // Focus stays in the viewer.
    expect(
      await page.evaluate<boolean>(
        "document.querySelector('[role=dialog]').contains(document.activeElement)",
      ),
    ).toBe(true);

    // Open, the story shows whole lines and scrolls to the end of its text.
    const scroll = () =>
      page.evaluate<{ client: number; scroll: number; top: number; line: number }>(
        `(() => {
          const text = document.querySelector('[data-testid=story-text]');
          return {
            client: text.clientHeight,
            scroll: text.scrollHeight,
            top: text.scrollTop,
            line: parseFloat(getComputedStyle(text).lineHeight),
          };
        })()`,
      );
    await expect.poll(async () => (await scroll()).client).toBeGreaterThan(80);
    await page.waitForTimeout(400); // the opening transition runs on the real clock
    const open = await scroll();
    expect(open.scroll).toBeGreaterThan(open.client);
    const lines = open.client / open.line;
    expect(Math.abs(lines - Math.round(lines))).toBeLessThan(0.05);
    const viewport = page.viewportSize()?.height ?? 0;
    expect(open.client).toBeLessThanOrEqual(viewport * 0.3 + 0.5);
    await story.hover();
    await page.mouse.wheel(0, 2000);
    await expect
      .poll(async () => {
        const now = await scroll();
        return now.top + now.client >= now.scroll - 1;
      })
      .toBe(true);
    // Reading holds the story.
    await page.clock.runFor(PHOTO_MS * 2);
    await expect(slideTitle(page)).toHaveText('Deadlift');

    await page.keyboard.press('ArrowRight');
    await expect(slideTitle(page)).toHaveText('Bench Press');
    await page.keyboard.press('ArrowLeft');
    await expect(slideTitle(page)).toHaveText('Deadlift');

    // Opened by a tap on the text this time, then Space and the arrows.
    await page.getByTestId('story-content').getByRole('heading').click();
    await expect(story).toHaveAttribute('data-expanded', 'true');
    await page.keyboard.press('Space');
    await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
    await page.keyboard.press('Space');
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(slideTitle(page)).toHaveText('Bench Press');
  });

  test('with reduced motion the story waits for Play', async ({ page, request }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openHeldStory(page, request, TWO_LIFTS);
    await photoShown(page);
    const play = page.getByRole('button', { name: 'Play' });
    await expect(play).toBeVisible();
    await page.clock.runFor(PHOTO_MS * 3);
    await expect(slideTitle(page)).toHaveText('Deadlift');
    expect(await storyProgress(page)).toBe(0);

    await play.click();
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    await page.clock.runFor(PHOTO_MS + 100);
    await expect(slideTitle(page)).toHaveText('Bench Press');
  });
});
