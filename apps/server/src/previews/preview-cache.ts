import { mkdir, open, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { ONE_DAY_MS } from '../durations.js';
import { PREVIEW_KEY_PATTERN } from './preview-key.js';

/** Where made images are kept: a cache, outside the media store and its orphan sweep. */
export function previewCacheDir(dataDir: string): string {
  return join(dataDir, 'cache', 'previews');
}

/** An image nobody asked for in this long is removed; it is made again if someone does. */
export const PREVIEW_UNUSED_MS = 30 * ONE_DAY_MS;

/**
 * Made images on disk, one file per content key. A key names its content for good, so a file is
 * never rewritten, only added (write then rename, so a reader never sees half a file) or swept.
 */
export class PreviewCache {
  constructor(readonly dir: string) {}

  async read(key: string, now = Date.now()): Promise<Buffer | undefined> {
    const file = this.fileOf(key);
    let handle;
    try {
      handle = await open(file, 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
    try {
      const [data, info] = await Promise.all([handle.readFile(), handle.stat()]);
      // Marks the image as in use (at most daily), so the sweep keeps what is still shared.
      if (now - info.mtimeMs > ONE_DAY_MS) {
        const at = new Date(now);
        await utimes(file, at, at).catch(() => undefined);
      }
      return data;
    } finally {
      await handle.close();
    }
  }

  async write(key: string, data: Buffer): Promise<void> {
    const file = this.fileOf(key);
    await mkdir(this.dir, { recursive: true });
    // Unique, as another request or process may be writing the same key at the same moment.
    const partial = `${file}.${randomUUID()}.partial`;
    try {
      await writeFile(partial, data);
      await rename(partial, file);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
  }

  /** Removes images unused for `maxAgeMs`, and partial files a crash left. Returns how many. */
  async sweep({ maxAgeMs = PREVIEW_UNUSED_MS, now = Date.now() } = {}): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw err;
    }
    let removed = 0;
    for (const name of names) {
      const path = join(this.dir, name);
      try {
        // A partial file is a write in progress for a minute at most.
        const limit = name.endsWith('.partial') ? 60_000 : maxAgeMs;
        if (now - (await stat(path)).mtimeMs < limit) continue;
        await rm(path, { force: true });
        removed += 1;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
    return removed;
  }

  fileOf(key: string): string {
    if (!PREVIEW_KEY_PATTERN.test(key)) throw new Error(`not a preview key: ${key}`);
    return join(this.dir, `${key}.jpg`);
  }
}
