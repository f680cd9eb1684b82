import { useCallback, useReducer } from 'react';

/** Where the viewer is: the slide shown and whether its whole story is open. */
export interface StoryState {
  index: number;
  expanded: boolean;
}

export type StoryAction =
  | { type: 'next'; count: number }
  | { type: 'previous'; count: number }
  | { type: 'go'; index: number }
  | { type: 'toggle-story' };

/**
 * Moving wraps around at both ends (docs/PRODUCT.md §4) and always closes the full story, so the
 * next slide starts clamped.
 */
export function storyReducer(state: StoryState, action: StoryAction): StoryState {
  switch (action.type) {
    case 'next':
      return action.count > 0
        ? { index: (state.index + 1) % action.count, expanded: false }
        : state;
    case 'previous':
      return action.count > 0
        ? { index: (state.index - 1 + action.count) % action.count, expanded: false }
        : state;
    case 'go':
      return { index: action.index, expanded: false };
    case 'toggle-story':
      return { ...state, expanded: !state.expanded };
  }
}

/** The viewer's position among `count` slides, with the moves the controls make. */
export function useStoryNavigation(count: number) {
  const [state, dispatch] = useReducer(storyReducer, { index: 0, expanded: false });
  // The list may shrink while open; never point past its end.
  const index = count > 0 ? Math.min(state.index, count - 1) : 0;

  const next = useCallback(() => {
    dispatch({ type: 'next', count });
  }, [count]);
  const previous = useCallback(() => {
    dispatch({ type: 'previous', count });
  }, [count]);
  const goTo = useCallback((target: number) => {
    dispatch({ type: 'go', index: target });
  }, []);
  const toggleStory = useCallback(() => {
    dispatch({ type: 'toggle-story' });
  }, []);

  return { index, expanded: state.expanded, next, previous, goTo, toggleStory };
}
