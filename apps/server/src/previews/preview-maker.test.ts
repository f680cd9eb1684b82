import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PreviewCache } from './preview-cache.js';
import type { PreviewFacts } from './preview-facts.js';
import { PreviewMaker } from './preview-maker.js';
import type { RenderedPreview } from './render-preview.js';

const facts: PreviewFacts = {
  kind: 'profile',
  owner: { name: 'maya', handle: 'pbshare.app/maya', avatar: null },
  pbCount: 0,
  pb: null,
};
const key = (n: number) => n.toString(16).padStart(24, '0');

/** A stand-in for the renderer that counts its calls and how many run at once. */
function countingRender(result: Partial<RenderedPreview> = {}) {
  const calls = { total: 0, running: 0, most: 0 };
  const render = async (): Promise<RenderedPreview> => {
    calls.total += 1;
    const n = calls.total;
    calls.running += 1;
    calls.most = Math.max(calls.most, calls.running);
    // Long enough for every other request of the test to arrive meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 20));
    calls.running -= 1;
    return { jpeg: Buffer.from(`image ${n}`), problems: [], ...result };
  };
  return { calls, render };
}

let dir: string;
let cache: PreviewCache;
const log = { warn: vi.fn() };

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'previews-'));
  cache = new PreviewCache(join(dir, 'previews'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('PreviewMaker', () => {
  it('renders an image once for requests that arrive together, and keeps it', async () => {
    const { calls, render } = countingRender();
    const maker = new PreviewMaker({ cache, render, log });
    const images = await Promise.all(Array.from({ length: 5 }, () => maker.jpeg(key(1), facts)));
    expect(calls.total).toBe(1);
    expect(new Set(images.map(String))).toEqual(new Set(['image 1']));
    expect(await readFile(cache.fileOf(key(1)), 'utf8')).toBe('image 1');
  });

  it('answers a kept image from the cache without rendering', async () => {
    await cache.write(key(2), Buffer.from('kept'));
    const { calls, render } = countingRender();
    const maker = new PreviewMaker({ cache, render, log });
    expect(String(await maker.jpeg(key(2), facts))).toBe('kept');
    expect(calls.total).toBe(0);
  });

  it('renders different images a few at a time', async () => {
    const { calls, render } = countingRender();
    const maker = new PreviewMaker({ cache, render, log, rendersAtOnce: 2 });
    await Promise.all(Array.from({ length: 7 }, (_, i) => maker.jpeg(key(i), facts)));
    expect(calls.total).toBe(7);
    expect(calls.most).toBe(2);
    expect(await readdir(cache.dir)).toHaveLength(7);
  });

  it('serves an image drawn without a picture it could not read, but does not keep it', async () => {
    const { calls, render } = countingRender({ problems: [new Error('gone')] });
    const maker = new PreviewMaker({ cache, render, log });
    expect(String(await maker.jpeg(key(3), facts))).toBe('image 1');
    expect(await cache.read(key(3))).toBeUndefined();
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ key: key(3) }),
      'a preview picture could not be read',
    );
    await maker.jpeg(key(3), facts);
    expect(calls.total).toBe(2);
  });
});
