/** How far a finger must travel sideways to move a slide. */
export const SWIPE_MIN_PX = 50;

/** How far a finger must travel down to close the story. */
export const SWIPE_CLOSE_MIN_PX = 80;

/** A swipe counts only when it runs this many times more along its axis than across it. */
const DOMINANCE = 1.5;

export type SwipeAction = 'next' | 'previous' | 'close';

/**
 * What a finger's travel from press to release means (docs/PRODUCT.md §4): to the left the next
 * PB, like turning a page, to the right the previous one, and down closes the story, as phones'
 * stories do. Too short, up, or diagonal: nothing, and its release is a tap.
 */
export function swipeAction(dx: number, dy: number): SwipeAction | null {
  if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) >= Math.abs(dy) * DOMINANCE) {
    return dx < 0 ? 'next' : 'previous';
  }
  if (dy >= SWIPE_CLOSE_MIN_PX && dy >= Math.abs(dx) * DOMINANCE) return 'close';
  return null;
}
