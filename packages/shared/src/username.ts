import { z } from 'zod';

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;

/**
 * Names that can never be a username because `/{username}` would collide with a route of the app,
 * the API, the media or a well-known file. Compared case-insensitively.
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
  // server paths
  'v1',
  'api',
  'media',
  'previews',
  'assets',
  'static',
  'healthz',
  'readyz',
  'favicon.ico',
  'favicon.svg',
  'index.html',
  'robots.txt',
  'sitemap.xml',
  'manifest.webmanifest',
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

/** The characters a username may have; a path segment of this shape needs no decoding. */
export const USERNAME_SHAPE = /^[A-Za-z0-9._-]+$/;

export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

export function isReservedUsername(username: string): boolean {
  return RESERVED_USERNAMES.has(usernameKey(username));
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
