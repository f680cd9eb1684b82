import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => {
    window.removeEventListener('scroll', onChange);
  };
}

/** True while the window is scrolled more than `offsetPx` from the top. */
export function useScrolledPast(offsetPx: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.scrollY > offsetPx,
    () => false,
  );
}
