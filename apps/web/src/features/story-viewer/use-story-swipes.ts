import { useCallback, useRef, type PointerEvent, type RefObject } from 'react';

import { usePrefersReducedMotion } from '@/hooks/page-conditions';
import { swipeAction } from './swipe-direction';

export interface StorySwipeHandlers {
  next: () => void;
  previous: () => void;
  close: () => void;
}

/** How much a frame pulled down this far shrinks, so it reads as coming off the screen. */
function pulledDown(dy: number): string {
  return `translateY(${dy}px) scale(${(1 - Math.min(dy, 400) / 2000).toFixed(3)})`;
}

/**
 * Swipes on the story (touch and pen; a mouse drags nothing): sideways moves a slide, down closes
 * it. While a finger pulls down, the frame follows it, unless the visitor asked for less motion,
 * and springs back if let go too soon. The frame's transform is written directly, so following a
 * finger re-renders nothing.
 */
export function useStorySwipes(frameRef: RefObject<HTMLElement | null>, on: StorySwipeHandlers) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);
  const reducedMotion = usePrefersReducedMotion();

  const follow = useCallback(
    (dy: number) => {
      const frame = frameRef.current;
      if (frame) frame.style.transform = dy > 0 ? pulledDown(dy) : '';
    },
    [frameRef],
  );

  const onPointerDown = useCallback(
    (event: PointerEvent) => {
      swiped.current = false;
      start.current = event.pointerType === 'mouse' ? null : { x: event.clientX, y: event.clientY };
      follow(0);
    },
    [follow],
  );

  const onPointerMove = useCallback(
    (event: PointerEvent) => {
      const from = start.current;
      if (!from || reducedMotion) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      follow(dy > Math.abs(dx) ? dy : 0);
    },
    [follow, reducedMotion],
  );

  const onPointerUp = useCallback(
    (event: PointerEvent) => {
      const from = start.current;
      start.current = null;
      follow(0);
      if (!from) return;
      const action = swipeAction(event.clientX - from.x, event.clientY - from.y);
      if (!action) return;
      swiped.current = true;
      on[action]();
    },
    [follow, on],
  );

  const onPointerCancel = useCallback(() => {
    start.current = null;
    follow(0);
  }, [follow]);

  /** True, once, when the press that just ended was a swipe: its click must not count as a tap. */
  const takeSwipe = useCallback(() => {
    const was = swiped.current;
    swiped.current = false;
    return was;
  }, []);

  return { onPointerDown, onPointerMove, onPointerUp, onPointerCancel, takeSwipe };
}
