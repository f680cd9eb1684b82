import { Outlet, ScrollRestoration, type Location } from 'react-router';

/**
 * Every full page load gets the location key 'default', so by default all of them share one saved
 * scroll position: arriving back from a payment page at /pricing?checkout=… opened wherever an
 * earlier page load of the tab had been scrolled to, with the checkout message out of view. Keyed
 * by address instead, a page load only restores a position saved for that same address.
 */
export function scrollKey(location: Location): string {
  return location.key === 'default' ? `${location.pathname}${location.search}` : location.key;
}

/** Where the router keeps scroll positions in sessionStorage (its own default, named here). */
export const SCROLL_POSITIONS_KEY = 'react-router-scroll-positions';

/**
 * Saves the window's scroll position for `location`, a page load's first address, as the router
 * would on leaving it. The app taking over the landing page (take-over.tsx) then mounts where the
 * visitor is instead of at the top, and going back to / returns there.
 */
export function rememberScrollPosition(location: Pick<Location, 'pathname' | 'search'>): void {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '{}') as unknown;
    const positions = typeof saved === 'object' && saved !== null ? saved : {};
    const key = scrollKey({ ...location, hash: '', state: null, key: 'default' });
    sessionStorage.setItem(
      SCROLL_POSITIONS_KEY,
      JSON.stringify({ ...positions, [key]: window.scrollY }),
    );
  } catch {
    // No session storage (some private modes): the router starts at the top, as it would.
  }
}

export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration getKey={scrollKey} storageKey={SCROLL_POSITIONS_KEY} />
    </>
  );
}
