import { describe, expect, it } from 'vitest';

import { SWIPE_CLOSE_MIN_PX, SWIPE_MIN_PX, swipeAction } from './swipe-direction';

describe('swipeAction', () => {
  it('moves on a sideways swipe: left for the next, right for the previous', () => {
    expect(swipeAction(-SWIPE_MIN_PX, 0)).toBe('next');
    expect(swipeAction(120, 30)).toBe('previous');
  });

  it('closes on a swipe down of at least 80 px, mostly vertical', () => {
    expect(SWIPE_CLOSE_MIN_PX).toBe(80);
    expect(swipeAction(0, 80)).toBe('close');
    expect(swipeAction(40, 200)).toBe('close');
  });

  it('ignores short, upward and diagonal travel', () => {
    expect(swipeAction(-SWIPE_MIN_PX + 1, 0)).toBeNull();
    expect(swipeAction(0, 79)).toBeNull();
    expect(swipeAction(0, -300)).toBeNull();
    expect(swipeAction(100, 120)).toBeNull();
  });
});
