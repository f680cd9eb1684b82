import type { CDPSession, Page } from '@playwright/test';

import { test, expect } from '../support/fixtures.js';
import { endScreenHeading, sharerWithPbs, slideTitle, visitStory } from '../support/share.js';

type TouchType = 'touchStart' | 'touchMove' | 'touchEnd';

interface Pointer {
  down: (x: number, y: number) => Promise<void>;
  move: (x: number, y: number) => Promise<void>;
  up: () => Promise<void>;
}

/** A finger on the screen, through the browser's own touch input (pointer events follow). */
async function finger(page: Page): Promise<Pointer> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const touch = async (type: TouchType, points: { x: number; y: number }[]) => {
    await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
  };
  return {
    down: (x, y) => touch('touchStart', [{ x, y }]),
    move: (x, y) => touch('touchMove', [{ x, y }]),
    up: () => touch('touchEnd', []),
  };
}

/** The mouse, as a desktop visitor presses and drags. */
function mouse(page: Page): Pointer {
  return {
    down: async (x, y) => {
      await page.mouse.move(x, y);
      await page.mouse.down();
    },
    move: (x, y) => page.mouse.move(x, y),
    up: () => page.mouse.up(),
  };
}

/** A point inside the story's frame, this far below its top. */
async function inFrame(page: Page, dy: number) {
  const frame = await page.getByTestId('story-frame').boundingBox();
  if (!frame) throw new Error('the story frame is not laid out');
  return { x: frame.x + frame.width / 2, y: frame.y + dy };
}

/** The opacity the story's header is drawn with now. */
function headerOpacity(page: Page): Promise<number> {
  // Browser code as text: the tests are typed for Node, which has no DOM types.
  return page.evaluate<number>(
    "Number(getComputedStyle(document.querySelector('[data-testid=story-header]')).opacity)",
  );
}

test.describe('story gestures', () => {
  test('a swipe down closes the story on a touch screen; a short one, or a mouse drag, does not', async ({
    page,
    request,
  }) => {
    const { account } = await sharerWithPbs(page, request, [
      { title: 'Deadlift', value: '405 lbs' },
      { title: 'Squat', value: '315 lbs' },
    ]);
    await visitStory(page, `/${account.username}`);
    const start = await inFrame(page, 300);

    if (!test.info().project.use.hasTouch) {
      // A desktop's mouse drags and selects; only a finger (or a pen) swipes.
      const drag = mouse(page);
      await drag.down(start.x, start.y);
      for (const dy of [60, 120, 180, 240]) await drag.move(start.x, start.y + dy);
      await drag.up();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(slideTitle(page)).toHaveText('Squat');
      return;
    }

    const touch = await finger(page);
    // Too short: the frame springs back and the story stays.
    await touch.down(start.x, start.y);
    await touch.move(start.x + 2, start.y + 40);
    await touch.up();
    await expect(slideTitle(page)).toHaveText('Squat');
    await expect(page.getByTestId('story-frame')).toHaveCSS('transform', 'none');

    await touch.down(start.x, start.y);
    for (const dy of [40, 100, 160, 220]) await touch.move(start.x + 3, start.y + dy);
    await page.screenshot({ path: test.info().outputPath('swipe-down.png') });
    await touch.up();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(endScreenHeading(page)).toBeVisible();
  });

  test('holding hides the chrome until it lets go, and pauses', async ({ page, request }) => {
    const { account } = await sharerWithPbs(page, request, [
      { title: 'Deadlift', value: '405 lbs', story: 'Third try, finally.' },
    ]);
    await visitStory(page, `/${account.username}`);
    expect(await headerOpacity(page)).toBe(1);
    const touch = test.info().project.use.hasTouch ? await finger(page) : mouse(page);

    const { x, y } = await inFrame(page, 400);
    await touch.down(x, y);
    await expect.poll(() => headerOpacity(page)).toBe(0);
    await expect(page.getByTestId('story-details')).toHaveCSS('opacity', '0');
    await expect(page.getByTestId('story-frame')).toHaveAttribute('data-playing', 'false');
    await page.screenshot({ path: test.info().outputPath('hold.png') });

    await touch.up();
    await expect.poll(() => headerOpacity(page)).toBe(1);
    await expect(page.getByTestId('story-frame')).toHaveAttribute('data-playing', 'true');
  });
});
