import { useEffect, useEffectEvent } from 'react';

export interface StoryKeys {
  next: () => void;
  previous: () => void;
  togglePaused: () => void;
}

/** Elements that make Space do their own thing (press a button, follow a link, type). */
const OWN_SPACE = 'button, a, input, textarea, select, [contenteditable]';

/**
 * The viewer's keys while it is open: the arrows move, Space pauses and plays. They are read on
 * the document rather than on the frame, so they keep working whatever inside the viewer has
 * focus, even an element that the last move just took away. Space on a button still presses it.
 */
export function useStoryKeys(keys: StoryKeys) {
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      keys.next();
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      keys.previous();
    } else if (event.key === ' ') {
      if (event.target instanceof Element && event.target.closest(OWN_SPACE)) return;
      event.preventDefault();
      if (!event.repeat) keys.togglePaused();
    }
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      onKeyDown(event);
    };
    document.addEventListener('keydown', listener);
    return () => {
      document.removeEventListener('keydown', listener);
    };
  }, []);
}
