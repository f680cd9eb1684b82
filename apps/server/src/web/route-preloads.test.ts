import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_MODULE, readRoutePreloads } from './route-preloads.js';

let dist: string | undefined;
afterEach(() => {
  if (dist) rmSync(dist, { recursive: true, force: true });
  dist = undefined;
});

function distWith(manifest: unknown): string {
  dist = mkdtempSync(join(tmpdir(), 'pbshare-manifest-'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dist;
}

describe('readRoutePreloads', () => {
  it("lists the route's chunk and its imports, minus what the entry already loads", () => {
    const dir = distWith({
      'index.html': { file: 'assets/index-a.js', imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-b.js' },
      [PUBLIC_PAGE_MODULE]: {
        file: 'assets/public-profile-page-c.js',
        imports: ['index.html', '_react.js', '_viewer.js'],
      },
      '_viewer.js': { file: 'assets/viewer-d.js', imports: ['_dialog.js', '_react.js'] },
      '_dialog.js': { file: 'assets/dialog-e.js' },
      'src/features/profile/profile-page.tsx': { file: 'assets/profile-page-f.js' },
    });
    expect(readRoutePreloads(dir, PUBLIC_PAGE_MODULE)).toEqual([
      '/assets/public-profile-page-c.js',
      '/assets/viewer-d.js',
      '/assets/dialog-e.js',
    ]);
  });

  it('is empty without a manifest or without the route in it', () => {
    dist = mkdtempSync(join(tmpdir(), 'pbshare-manifest-'));
    expect(readRoutePreloads(dist, PUBLIC_PAGE_MODULE)).toEqual([]);
    const dir = distWith({ 'index.html': { file: 'assets/index-a.js' } });
    expect(readRoutePreloads(dir, PUBLIC_PAGE_MODULE)).toEqual([]);
  });
});
