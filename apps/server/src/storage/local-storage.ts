import { copyFile, mkdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Storage } from './storage.js';

export const MEDIA_URL_PREFIX = '/media/';
const SAFE_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/;

/** Files under DATA_DIR/media, outside every folder of source or build output. */
export class LocalStorage implements Storage {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'media');
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const partial = `${file}.partial`;
    await writeFile(partial, data);
    await rename(partial, file);
  }

  async putFile(key: string, sourcePath: string): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(dirname(file), { recursive: true });
    try {
      // Uploads are received under DATA_DIR too, so this is normally a rename on one disk.
      await rename(sourcePath, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      const partial = `${file}.partial`;
      await copyFile(sourcePath, partial);
      await rename(partial, file);
      await rm(sourcePath, { force: true });
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await rm(file, { force: true });
    // A record's files share a folder made for that upload alone (pbs/<uuid>/); once its last
    // file goes, so does the folder. Top-level folders (avatars/, pbs/) stay.
    if (key.split('/').length > 2) {
      await rmdir(dirname(file)).catch((err: unknown) => {
        const code = (err as NodeJS.ErrnoException).code;
        if (code !== 'ENOTEMPTY' && code !== 'ENOENT' && code !== 'EEXIST') throw err;
      });
    }
  }

  url(key: string): string {
    return `${MEDIA_URL_PREFIX}${key}`;
  }

  private pathOf(key: string): string {
    if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${key}`);
    const file = join(this.root, key);
    if (!file.startsWith(this.root + sep)) throw new Error(`unsafe storage key: ${key}`);
    return file;
  }
}
