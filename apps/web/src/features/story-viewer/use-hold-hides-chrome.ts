import { useCallback, useEffect, useRef, useState } from 'react';

import { HOLD_MS } from './use-press-and-hold';

/**
 * Holding a slide pauses it at once and, once the press has lasted long enough to be a hold
 * rather than a tap, also hides the story's chrome (header, progress, buttons, text) so the
 * picture shows whole, until the finger lifts (docs/PRODUCT.md §4). A tap never flashes it.
 * Returns whether the chrome is hidden, and the `setHeld` to give usePressAndHold.
 */
export function useHoldHidesChrome(setPlaybackHeld: (held: boolean) => void) {
  const [chromeHidden, setChromeHidden] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
    },
    [],
  );

  const setHeld = useCallback(
    (held: boolean) => {
      setPlaybackHeld(held);
      window.clearTimeout(timer.current);
      if (held) {
        timer.current = window.setTimeout(() => {
          setChromeHidden(true);
        }, HOLD_MS);
      } else {
        setChromeHidden(false);
      }
    },
    [setPlaybackHeld],
  );

  return { chromeHidden, setHeld };
}
