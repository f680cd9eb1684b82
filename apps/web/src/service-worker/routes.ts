/**
 * Which requests the service worker answers, as plain rules the unit tests can hold it to. It
 * answers the signed-in app's pages with the kept app shell, and never a public profile: a
 * visitor's /{username} goes to the network like any page of another site would.
 */

/** The app's pages that open with no network: the signed-in ones, and the way in to them. */
const APP_SHELL_PAGES = [
  'profile',
  'add-pb',
  'edit-pb',
  'share-profile',
  'login',
  'signup',
  'verify',
  'forgot-password',
  'reset-password',
] as const;

/** The kept document for a page of the app at `pathname`, or undefined when it is no such page. */
export function appShellFor(pathname: string): string | undefined {
  const [first] = pathname.split('/').filter(Boolean);
  if (!first || !(APP_SHELL_PAGES as readonly string[]).includes(first)) return undefined;
  // /profile has its own document, the app's with the page's skeleton painted in (the server's).
  return pathname === '/profile' || pathname === '/profile/' ? '/profile' : '/index.html';
}

/** The manifest's share_target: a shared photo or video is posted here. */
export const SHARE_TARGET_PATH = '/add-pb';
/** The form part the manifest names for the shared file. */
export const SHARE_TARGET_FILE_FIELD = 'media';
/** Where the add form opens with the shared file attached. */
export const SHARED_FILE_PAGE = '/add-pb?shared=1';

/** A picture of a PB: kept for the kept PB list. Videos are not kept (their size, and Range). */
export function isKeptPicture(url: URL, destination: string): boolean {
  return url.pathname.startsWith('/media/') && destination === 'image';
}

/**
 * The folder of a PB's picture: its sizes (thumbnail, card, full screen) sit side by side there,
 * so offline, a size never seen can be stood in for by one that was.
 */
export function pictureFolder(url: string): string {
  return url.slice(0, url.lastIndexOf('/') + 1);
}
