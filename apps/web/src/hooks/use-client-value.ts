import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * A value only the browser knows (its address, the visitor's today). A page rendered to HTML
 * ahead of time shows `prerendered`, and so does the browser while it hydrates that HTML, so the
 * two agree; the render straight after shows the browser's own value. On a page rendered in the
 * browser, it is the browser's value from the start. `read` must answer the same value (a
 * string or number) every time for the same state.
 */
export function useClientValue<T extends string | number>(read: () => T, prerendered: T): T {
  return useSyncExternalStore(noSubscription, read, () => prerendered);
}
