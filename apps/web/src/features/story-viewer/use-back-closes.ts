import { useEffect, useEffectEvent } from 'react';

/** The key the viewer adds to the history entry it pushes. */
const VIEWER_ENTRY_KEY = 'pbshareStoryViewer';

function onViewerEntry(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && VIEWER_ENTRY_KEY in state;
}

function pushViewerEntry() {
  // A copy of the router's own state (its key and index) on the same address: React Router
  // sees the same location when the visitor comes back to the entry below, so the page under
  // the viewer stays as it is.
  const state: unknown = window.history.state;
  const base = typeof state === 'object' && state !== null ? state : {};
  window.history.pushState({ ...base, [VIEWER_ENTRY_KEY]: true }, '');
}

/**
 * Steps back the viewer took itself whose popstate has not arrived yet, and whether the latest
 * popstate was one of them. Module-wide because history is: a viewer opened again before its
 * step back landed (or React's development double effects) must not take that popstate for the
 * visitor pressing Back. Counted by a listener added when this module loads, so before any
 * viewer's own, and even when no viewer is mounted to hear it.
 */
let ownStepsBack = 0;
let lastPopWasOwn = false;
// (No window while the server renders the public page.)
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => {
    lastPopWasOwn = ownStepsBack > 0;
    if (lastPopWasOwn) ownStepsBack -= 1;
  });
}

/**
 * The browser's Back closes the viewer instead of leaving the page (docs/PRODUCT.md §4): opening
 * it pushes a history entry on the same address, and going back off that entry closes it (going
 * forward onto it opens it again). Closing it any other way (the X, Escape, the end of the
 * story) steps back off the entry, so no dead copy of the page is left behind for Back to land
 * on.
 *
 * The public page opens the viewer on load, before any interaction. Chromium's Back skips the
 * entries a page added before the visitor touched it, so someone who only watched leaves with
 * Back, as they would from any page; a tap, a key or a click later makes Back close the viewer.
 */
export function useBackCloses(open: boolean, onOpenChange: (open: boolean) => void) {
  const onPopState = useEffectEvent(() => {
    const onEntry = onViewerEntry();
    if (lastPopWasOwn) {
      // Opened again before our own step back landed: put the entry back.
      if (open && !onEntry) pushViewerEntry();
      return;
    }
    if (onEntry !== open) onOpenChange(onEntry);
  });

  useEffect(() => {
    const listener = () => {
      onPopState();
    };
    window.addEventListener('popstate', listener);
    return () => {
      window.removeEventListener('popstate', listener);
    };
  }, []);

  useEffect(() => {
    if (!open) return;
    if (!onViewerEntry()) pushViewerEntry();
    return () => {
      if (!onViewerEntry()) return;
      ownStepsBack += 1;
      window.history.back();
    };
  }, [open]);
}
