import { createReadStream, type Dirent } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { dirname, join, resolve, sep } from 'node:path';
import { isSafeKey, type Storage, type StoredObject } from './storage.js';

export const MEDIA_URL_PREFIX = '/media/';

/** Files under DATA_DIR/media, outside every folder of source or build output. */
export class LocalStorage implements Storage {
  readonly kind = 'local';
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

  async copy(fromKey: string, toKey: string): Promise<void> {
    const source = this.pathOf(fromKey);
    const file = this.pathOf(toKey);
    await mkdir(dirname(file), { recursive: true });
    // Through a partial file, like `put`, so a reader never sees half a copy.
    const partial = `${file}.partial`;
    await copyFile(source, partial);
    await rename(partial, file);
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

  read(key: string): Readable {
    return createReadStream(this.pathOf(key));
  }

  async size(key: string): Promise<number | undefined> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async *list(): AsyncIterable<StoredObject> {
    yield* walk(this.root, '');
  }

  url(key: string): string {
    return `${MEDIA_URL_PREFIX}${key}`;
  }

  keyOf(url: string): string | undefined {
    return url.startsWith(MEDIA_URL_PREFIX) ? url.slice(MEDIA_URL_PREFIX.length) : undefined;
  }

  /**
   * Removes folders left empty and older than `isOld` allows (a crash between making an upload's
   * folder and writing into it); a fresh one may be about to receive files.
   */
  async pruneEmptyFolders(isOld: (mtimeMs: number) => boolean): Promise<void> {
    await pruneUnder(this.root, isOld);
  }

  private pathOf(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    const file = join(this.root, key);
    if (!file.startsWith(this.root + sep)) throw new Error(`unsafe storage key: ${key}`);
    return file;
  }
}

/** A folder's entries; none when the folder does not exist (yet, or any more). */
async function entriesOf(dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

async function* walk(dir: string, prefix: string): AsyncGenerator<StoredObject> {
  for (const entry of await entriesOf(dir)) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      yield* walk(path, key);
    } else if (entry.isFile()) {
      try {
        yield { key, modifiedAt: (await stat(path)).mtimeMs };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  }
}

async function pruneUnder(dir: string, isOld: (mtimeMs: number) => boolean): Promise<void> {
  for (const entry of await entriesOf(dir)) {
    if (!entry.isDirectory()) continue;
    const path = join(dir, entry.name);
    await pruneUnder(path, isOld);
    try {
      if (isOld((await stat(path)).mtimeMs)) await rmdir(path);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST' && code !== 'ENOENT') throw err;
    }
  }
}
