import { useCallback, useReducer } from 'react';

/** Where the viewer is: the slide shown and whether its whole story is open. */
export interface StoryState {
  index: number;
  expanded: boolean;
  /** Counts every move, so a slide shown again (a wrap onto itself, a restart) starts over. */
  serial: number;
}

export type StoryAction =
  | { type: 'next'; count: number; wrap: boolean }
  | { type: 'previous'; count: number; wrap: boolean }
  | { type: 'go'; index: number }
  | { type: 'toggle-story' };

function show(state: StoryState, index: number): StoryState {
  return { index, expanded: false, serial: state.serial + 1 };
}

/**
 * Every move closes the full story, so the next slide starts clamped. Where moving wraps (the
 * owner's preview, docs/PRODUCT.md §4), the ends join; elsewhere next stops at the last slide
 * (the story is over: see `useStoryNavigation`) and previous on the first starts it again.
 */
export function storyReducer(state: StoryState, action: StoryAction): StoryState {
  switch (action.type) {
    case 'next':
      if (action.count <= 0) return state;
      if (state.index >= action.count - 1 && !action.wrap) return state;
      return show(state, (state.index + 1) % action.count);
    case 'previous':
      if (action.count <= 0) return state;
      if (state.index === 0 && !action.wrap) return show(state, 0);
      return show(state, (state.index - 1 + action.count) % action.count);
    case 'go':
      return show(state, action.index);
    case 'toggle-story':
      return { ...state, expanded: !state.expanded };
  }
}

export interface StoryNavigationOptions {
  /** Past the last slide, start again at the first. */
  wrap: boolean;
  /** Moving past the last slide when not wrapping: the story is over. */
  onFinish?: () => void;
  /** The slide to start at; the first by default. */
  initialIndex?: number;
}

/** The viewer's position among `count` slides, with the moves the controls make. */
export function useStoryNavigation(
  count: number,
  { wrap, onFinish, initialIndex = 0 }: StoryNavigationOptions,
) {
  const [state, dispatch] = useReducer(storyReducer, {
    index: Math.max(0, initialIndex),
    expanded: false,
    serial: 0,
  });
  // The list may shrink while open; never point past its end.
  const index = count > 0 ? Math.min(state.index, count - 1) : 0;
  const last = !wrap && index >= count - 1;

  const next = useCallback(() => {
    if (last) onFinish?.();
    else dispatch({ type: 'next', count, wrap });
  }, [count, wrap, last, onFinish]);
  const previous = useCallback(() => {
    dispatch({ type: 'previous', count, wrap });
  }, [count, wrap]);
  const goTo = useCallback((target: number) => {
    dispatch({ type: 'go', index: target });
  }, []);
  const toggleStory = useCallback(() => {
    dispatch({ type: 'toggle-story' });
  }, []);

  return {
    index,
    expanded: state.expanded,
    /** Changes whenever a slide is shown, the same one shown again included. */
    slideKey: `${index}:${state.serial}`,
    next,
    previous,
    goTo,
    toggleStory,
  };
}
