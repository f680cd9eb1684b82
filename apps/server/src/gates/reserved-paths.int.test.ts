import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isReservedUsername, mayBeProfilePath } from '@pbshare/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { removeWebDist, writeWebDist } from '../test/web-dist.js';

// `/{username}` shares the first path segment with everything the server answers itself: a user
// named after one of its routes or files would have an unreachable public page, or would shadow
// the file. The app's routes and public files are checked against the same rule by
// apps/web/src/app/reserved-paths.test.ts; here, the server's route table with a web build in it.
const WEB = resolve(import.meta.dirname, '../../../web');

/**
 * What a web build puts at its root: the files of public/, the documents vite.config.ts names,
 * the folders the server reads (assets, pages, shells) and, when a real build is there, its own
 * listing, so a file a future build adds shows up here without anyone listing it.
 */
function webBuildRoot(): string[] {
  const documents = [
    ...readFileSync(resolve(WEB, 'vite.config.ts'), 'utf8').matchAll(/'([\w.-]+\.html)'/g),
  ].map((match) => match[1] ?? '');
  const built = existsSync(resolve(WEB, 'dist')) ? readdirSync(resolve(WEB, 'dist')) : [];
  return [...new Set([...readdirSync(resolve(WEB, 'public')), ...documents, ...built])].filter(
    Boolean,
  );
}

let t: TestApp;
let dist: string;
const urls: string[] = [];
const rootEntries = webBuildRoot();

beforeAll(async () => {
  const files: Record<string, string> = {
    'pages/index.html': '<!doctype html><div id="root"></div>',
    'pages/pricing.html': '<!doctype html><div id="root"></div>',
    'shells/profile.html': '<!doctype html><div id="root"></div>',
    'assets/index-abc123.js': '',
  };
  for (const name of rootEntries) if (name.includes('.')) files[name] ??= '<!doctype html>';
  dist = writeWebDist(files);
  t = await createTestApp(
    // With the metrics token, so the metrics route is in the table too.
    { webDistDir: dist, metricsToken: 'a-metrics-token-for-the-route-table' },
    {
      onRoute(route) {
        urls.push(route.url);
      },
    },
  );
});

afterAll(async () => {
  await t.close();
  removeWebDist(dist);
});

/** The first segment of a route's URL, unless it is a parameter or a wildcard. */
function fixedFirstSegment(url: string): string | undefined {
  const segment = url.split('/')[1] ?? '';
  return segment === '' || segment.startsWith(':') || segment.includes('*') ? undefined : segment;
}

describe('reserved usernames', () => {
  it('include the first segment of every route the server registers, files of the build too', () => {
    const segments = new Set(urls.map(fixedFirstSegment).filter((s) => s !== undefined));
    // The API, a file of the build and a prerendered page: the table was read whole.
    for (const known of ['v1', 'metrics', 'favicon.svg', 'pricing', 'assets'])
      expect(segments).toContain(known);
    const free = [...segments].filter((segment) => !isReservedUsername(segment));
    expect(free, 'Reserve these in packages/shared/src/username.ts').toEqual([]);
  });

  it("include every entry of the web build's root", () => {
    expect(rootEntries).toEqual(expect.arrayContaining(['index.html', 'public-profile.html']));
    for (const name of [...rootEntries, 'assets', 'pages', 'shells']) {
      expect(isReservedUsername(name), name).toBe(true);
    }
  });

  it('include every name starting with a dot and the well-known files', () => {
    for (const name of [
      '.well-known',
      '.env',
      'security.txt',
      'apple-touch-icon.png',
      'apple-app-site-association',
      'browserconfig.xml',
      'sitemap-1.xml',
      'site.webmanifest',
      'sw.js',
    ]) {
      expect(mayBeProfilePath(name), name).toBe(false);
    }
  });
});
