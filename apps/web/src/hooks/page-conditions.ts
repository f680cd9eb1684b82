import { useCallback, useSyncExternalStore } from 'react';

import { useClientValue } from './use-client-value';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** True when the visitor asked their system for less motion. */
export function prefersReducedMotion(): boolean {
  // Missing in jsdom and very old browsers: assume no preference.
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
}

/**
 * prefersReducedMotion as a render value. The server cannot know it, so a server-rendered page
 * hydrates with `false` and re-renders with the real answer straight after.
 */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION);
}

/**
 * False only while React hydrates server-rendered markup, true from the render right after it
 * (and always, on a page rendered in the browser). Lets a component hold back what must wait for
 * browser-only answers, like starting a video before it knows the visitor wants no motion.
 */
export function useHydrated(): boolean {
  return useClientValue(() => 1, 0) === 1;
}

function subscribeToVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => {
    document.removeEventListener('visibilitychange', onChange);
  };
}

const isPageHidden = () => document.visibilityState === 'hidden';

/** Whether the page is out of sight (another tab, a minimised window, a locked phone). */
export function usePageHidden(): boolean {
  return useSyncExternalStore(subscribeToVisibility, isPageHidden, () => false);
}

/**
 * Whether a CSS media query matches, as a render value (false on the server and during
 * hydration's first render, like the reduced-motion answer).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => {
        list.removeEventListener('change', onChange);
      };
    },
    [query],
  );
  const read = () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, read, () => false);
}
