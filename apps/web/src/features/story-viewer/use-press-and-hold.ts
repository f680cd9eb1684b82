import { useCallback, useEffect, useRef, type PointerEvent, type RefObject } from 'react';

/**
 * A press at least this long holds the story rather than tapping it: its release resumes play
 * and does not also move a slide. Shorter presses are taps (a quick tap takes about 100 ms).
 */
export const HOLD_MS = 250;

/**
 * Press and hold on a slide pauses the story; releasing resumes it (docs/PRODUCT.md §4). The
 * story stops at once on the press, so a hold never loses a frame, and a short press is still
 * a tap. Only presses inside `area` count, and never those on buttons and links. The release is
 * watched on the window, so lifting the finger outside the area counts too. `onPointerDown`
 * takes every press (a press anywhere ends the memory of the last hold).
 */
export function usePressAndHold(
  area: RefObject<HTMLElement | null>,
  setHeld: (held: boolean) => void,
) {
  const release = useRef<(() => void) | null>(null);
  const lastWasHold = useRef(false);

  useEffect(
    () => () => {
      release.current?.();
    },
    [],
  );

  const onPointerDown = useCallback(
    (event: PointerEvent) => {
      lastWasHold.current = false;
      if (!event.isPrimary || event.button !== 0) return;
      const target = event.target;
      if (!(target instanceof Element) || !area.current?.contains(target)) return;
      if (target.closest('button, a')) return;
      release.current?.();

      const start = performance.now();
      const end = () => {
        for (const type of ['pointerup', 'pointercancel', 'blur'] as const) {
          window.removeEventListener(type, end, true);
        }
        release.current = null;
        lastWasHold.current = performance.now() - start >= HOLD_MS;
        setHeld(false);
      };
      for (const type of ['pointerup', 'pointercancel', 'blur'] as const) {
        window.addEventListener(type, end, true);
      }
      release.current = end;
      setHeld(true);
    },
    [area, setHeld],
  );

  /** Whether a finger (or button) is down on the slide now. */
  const isHolding = useCallback(() => release.current !== null, []);

  /** True, once, when the press that just ended was a hold: its click must not count as a tap. */
  const takeHold = useCallback(() => {
    const was = lastWasHold.current;
    lastWasHold.current = false;
    return was;
  }, []);

  return { onPointerDown, isHolding, takeHold };
}
