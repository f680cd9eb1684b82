import { useSyncExternalStore } from 'react';

/** True when the visitor asked their system for less motion (checked once per opening). */
export function prefersReducedMotion(): boolean {
  // Missing in jsdom and very old browsers: assume no preference.
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
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
