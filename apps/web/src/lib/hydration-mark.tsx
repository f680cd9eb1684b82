import { useEffect } from 'react';

/** The attribute on <html> that says a server-rendered page has been hydrated. */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/**
 * Marks the document once React has taken over the server's markup. Rendered last, it draws
 * nothing (so hydration is unaffected) and its effect runs after the whole tree has committed.
 * Browser tests wait for it before using a prerendered page, as a visitor's click before then
 * would reach only the static HTML.
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
  }, []);
  return null;
}
