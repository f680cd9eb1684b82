import { z } from 'zod';

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;

/**
 * Names that can never be a username because `/{username}` would collide with a route of the app,
 * the API, the media, a file of the web build or a well-known file. Compared case-insensitively.
 * Beside these, whole families of names are reserved by shape (RESERVED_SHAPES below).
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  // app routes (docs/PRODUCT.md §2)
  'login',
  'signup',
  'verify',
  'pricing',
  'terms',
  'privacy',
  'profile',
  'add-pb',
  'edit-pb',
  'share-profile',
  'reset-password',
  'forgot-password',
  'settings',
  'logout',
  // server paths (gates/reserved-paths.int.test.ts checks the server's route table against these)
  'v1',
  'api',
  'media',
  'previews',
  'assets',
  'static',
  'healthz',
  'readyz',
  'metrics',
  // the web build's root (the same test checks a build's files)
  'pages',
  'shells',
  'icons',
  'index.html',
  'prerendered.html',
  'public-profile.html',
  'favicon.ico',
  'favicon.svg',
  'robots.txt',
  'sitemap.xml',
  'manifest.webmanifest',
  // well-known files browsers, crawlers and app stores ask for at the root, without an extension
  'apple-app-site-association',
  'security.txt',
  'humans.txt',
  'ads.txt',
  'app-ads.txt',
  'crossdomain.xml',
  'browserconfig.xml',
  'manifest.json',
  'sw.js',
  'service-worker.js',
  // names people would mistake for the product speaking
  'admin',
  'administrator',
  'root',
  'support',
  'help',
  'about',
  'contact',
  'pbshare',
  'www',
  'mail',
  'null',
  'undefined',
]);

/**
 * Families of names kept for files rather than people: anything starting with a dot
 * (`.well-known`, `.env`, `.git`), the icon families (`favicon-32x32.png`,
 * `apple-touch-icon-precomposed.png`), sitemaps, and any name ending in an extension a site serves
 * from its root (documents, scripts, styles, pictures, manifests, text and XML files): a future
 * file of the build or a well-known file never needs a new entry above to be safe.
 */
const RESERVED_SHAPES: readonly RegExp[] = [
  /^\./,
  /^(?:favicon|apple-touch-icon|android-chrome|mstile|safari-pinned-tab|sitemap)/,
  /\.(?:html?|m?js|css|map|json|txt|xml|ico|png|jpe?g|gif|svg|webp|avif|webmanifest)$/,
];

/** The characters a username may have; a path segment of this shape needs no decoding. */
export const USERNAME_SHAPE = /^[A-Za-z0-9._-]+$/;

export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

export function isReservedUsername(username: string): boolean {
  const key = usernameKey(username);
  return RESERVED_USERNAMES.has(key) || RESERVED_SHAPES.some((shape) => shape.test(key));
}

/**
 * Whether a path segment (`/{segment}`) may be someone's profile: a username's characters, and
 * not a name the app keeps for its own pages. Anything else is never looked up as a person.
 */
export function mayBeProfilePath(segment: string): boolean {
  return USERNAME_SHAPE.test(segment) && !isReservedUsername(segment);
}

export const usernameSchema = z
  .string()
  .trim()
  .min(USERNAME_MIN_LENGTH, `Usernames need at least ${USERNAME_MIN_LENGTH} characters`)
  .max(USERNAME_MAX_LENGTH, `Usernames can have at most ${USERNAME_MAX_LENGTH} characters`)
  .regex(USERNAME_SHAPE, 'Usernames can use letters, numbers, dots, dashes and underscores')
  .refine((name) => !isReservedUsername(name), 'That username is reserved');
