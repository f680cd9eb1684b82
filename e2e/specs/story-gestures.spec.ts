import type { CDPSession, Page } from '@playwright/test';

import { test, expect } from '../support/fixtures.js';
import { endScreenHeading, sharerWithPbs, slideTitle, visitStory } from '../support/share.js';

// Fingers on a touch screen: the phone project only.
test.skip(({ hasTouch }) => !hasTouch, 'touch gestures need a touch screen');

type TouchType = 'touchStart' | 'touchMove' | 'touchEnd';

/** A finger on the screen, through the browser's own touch input (pointer events follow). */
async function finger(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const touch = async (type: TouchType, points: { x: number; y: number }[]) => {
    await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
  };
  return {
    down: (x: number, y: number) => touch('touchStart', [{ x, y }]),
    move: (x: number, y: number) => touch('touchMove', [{ x, y }]),
    up: () => touch('touchEnd', []),
  };
}

/** The opacity the story's header is drawn with now. */
function headerOpacity(page: Page): Promise<number> {
  // Browser code as text: the tests are typed for Node, which has no DOM types.
  return page.evaluate<number>(
    "Number(getComputedStyle(document.querySelector('[data-testid=story-header]')).opacity)",
  );
}

test.describe('story gestures', () => {
  test('a swipe down closes the story; a short one does not', async ({ page, request }) => {
    const { account } = await sharerWithPbs(page, request, [
      { title: 'Deadlift', value: '405 lbs' },
      { title: 'Squat', value: '315 lbs' },
    ]);
    await visitStory(page, `/${account.username}`);
    const touch = await finger(page);

    // Too short: the frame springs back and the story stays.
    await touch.down(195, 300);
    await touch.move(197, 340);
    await touch.up();
    await expect(slideTitle(page)).toHaveText('Squat');
    await expect(page.getByTestId('story-frame')).toHaveCSS('transform', 'none');

    await touch.down(195, 300);
    for (const y of [340, 400, 460, 520]) await touch.move(198, y);
    await page.screenshot({ path: test.info().outputPath('swipe-down.png') });
    await touch.up();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(endScreenHeading(page)).toBeVisible();
  });

  test('holding hides the chrome until the finger lifts, and pauses', async ({ page, request }) => {
    const { account } = await sharerWithPbs(page, request, [
      { title: 'Deadlift', value: '405 lbs', story: 'Third try, finally.' },
    ]);
    await visitStory(page, `/${account.username}`);
    expect(await headerOpacity(page)).toBe(1);
    const touch = await finger(page);

    await touch.down(195, 400);
    await expect.poll(() => headerOpacity(page)).toBe(0);
    await expect(page.getByTestId('story-details')).toHaveCSS('opacity', '0');
    await expect(page.getByTestId('story-frame')).toHaveAttribute('data-playing', 'false');
    await page.screenshot({ path: test.info().outputPath('hold.png') });

    await touch.up();
    await expect.poll(() => headerOpacity(page)).toBe(1);
    await expect(page.getByTestId('story-frame')).toHaveAttribute('data-playing', 'true');
  });
});
