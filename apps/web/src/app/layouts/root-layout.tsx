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

export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}
