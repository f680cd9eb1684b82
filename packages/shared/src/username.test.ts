import { describe, expect, it } from 'vitest';
import { isReservedUsername, mayBeProfilePath, usernameKey, usernameSchema } from './username.js';

const messageOf = (value: string) => usernameSchema.safeParse(value).error?.issues[0]?.message;

describe('usernames', () => {
  it('accept letters, digits, dots, dashes and underscores, 3 to 30 long', () => {
    for (const name of ['abc', 'Maya.Lifts', 'run_fast-22', 'x'.repeat(30)]) {
      expect(usernameSchema.parse(name)).toBe(name);
    }
    expect(usernameSchema.parse('  trimmed  ')).toBe('trimmed');
  });

  it('refuse other characters, lengths and reserved words with a clear message', () => {
    expect(messageOf('ab')).toBe('Usernames need at least 3 characters');
    expect(messageOf('x'.repeat(31))).toBe('Usernames can have at most 30 characters');
    expect(messageOf('my name')).toBe(
      'Usernames can use letters, numbers, dots, dashes and underscores',
    );
    expect(messageOf('émilie')).toBe(
      'Usernames can use letters, numbers, dots, dashes and underscores',
    );
    expect(messageOf('Pricing')).toBe('That username is reserved');
  });

  it('reserve every route of the app and the server, in any case', () => {
    for (const name of [
      'login',
      'SIGNUP',
      'share-profile',
      'add-pb',
      'v1',
      'media',
      'assets',
      'healthz',
    ]) {
      expect(isReservedUsername(name), name).toBe(true);
    }
    expect(isReservedUsername('maya')).toBe(false);
  });

  it('reserve every name starting with a dot, and the names of files a site serves', () => {
    for (const name of [
      '.well-known',
      '.env',
      '.git',
      '...',
      'security.txt',
      'apple-touch-icon.png',
      'apple-touch-icon-precomposed.png',
      'Apple-Touch-Icon-120x120.png',
      'apple-app-site-association',
      'browserconfig.xml',
      'ads.txt',
      'humans.txt',
      'crossdomain.xml',
      'favicon-32x32.png',
      'site.webmanifest',
      'sw.js',
      'service-worker.js',
      'manifest.json',
      'robots.txt',
      'sitemap-index.xml',
      'public-profile.html',
      'prerendered.html',
      'style.css',
    ]) {
      expect(isReservedUsername(name), name).toBe(true);
      expect(usernameSchema.safeParse(name).success, name).toBe(false);
    }
    // Dots inside a name are a person's, not a file's.
    for (const name of ['maya.lifts', 'j.r.smith', 'run.2024', 'txt.fan', 'anna.xmlx']) {
      expect(isReservedUsername(name), name).toBe(false);
    }
  });

  it('tell a path segment that may be a profile from one that never is', () => {
    for (const segment of ['Maya.Lifts', 'run_fast-22'])
      expect(mayBeProfilePath(segment)).toBe(true);
    for (const segment of ['login', 'Pricing', 'my%20name', 'a b', '']) {
      expect(mayBeProfilePath(segment)).toBe(false);
    }
  });

  it('compare case-insensitively', () => {
    expect(usernameKey(' Maya.Lifts ')).toBe('maya.lifts');
  });
});
