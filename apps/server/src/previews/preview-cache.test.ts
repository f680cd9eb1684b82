import { mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ONE_DAY_MS } from '../durations.js';
import { PREVIEW_UNUSED_MS, PreviewCache } from './preview-cache.js';

const KEY = 'a'.repeat(24);
const OTHER = 'b'.repeat(24);

let dir: string;
let cache: PreviewCache;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'preview-cache-'));
  cache = new PreviewCache(join(dir, 'previews'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const age = (path: string, ms: number) => {
  const at = new Date(Date.now() - ms);
  return utimes(path, at, at);
};

describe('PreviewCache', () => {
  it('keeps images by key and answers nothing for an unknown one', async () => {
    expect(await cache.read(KEY)).toBeUndefined();
    await cache.write(KEY, Buffer.from('jpeg'));
    expect(String(await cache.read(KEY))).toBe('jpeg');
    expect(await readdir(cache.dir)).toEqual([`${KEY}.jpg`]);
  });

  it('refuses anything but a content key as a name', async () => {
    await expect(cache.write('../../escape', Buffer.from('x'))).rejects.toThrow(
      /not a preview key/,
    );
    await expect(cache.read('A'.repeat(24))).rejects.toThrow(/not a preview key/);
  });

  it('sweeps images unused for 30 days and stale partial files, and keeps the rest', async () => {
    await cache.write(KEY, Buffer.from('old'));
    await cache.write(OTHER, Buffer.from('recent'));
    const partial = join(cache.dir, `${OTHER}.jpg.123.partial`);
    await writeFile(partial, 'half');
    await age(cache.fileOf(KEY), PREVIEW_UNUSED_MS + 1000);
    await age(cache.fileOf(OTHER), PREVIEW_UNUSED_MS - ONE_DAY_MS);
    await age(partial, 2 * 60_000);

    expect(await cache.sweep()).toBe(2);
    expect(await readdir(cache.dir)).toEqual([`${OTHER}.jpg`]);
  });

  it('marks an image read after a day as in use, so the sweep keeps it', async () => {
    await cache.write(KEY, Buffer.from('shared'));
    await age(cache.fileOf(KEY), PREVIEW_UNUSED_MS + 1000);
    await cache.read(KEY);
    expect(Date.now() - (await stat(cache.fileOf(KEY))).mtimeMs).toBeLessThan(60_000);
    expect(await cache.sweep()).toBe(0);
  });

  it('has nothing to sweep before the first image', async () => {
    expect(await cache.sweep()).toBe(0);
  });
});
