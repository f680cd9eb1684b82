import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { MEDIA_URL_PREFIX, type LocalStorage } from '../storage/local-storage.js';
import type { ReadMedia } from './pictures.js';

/**
 * Reads pictures of the local media store by the URL a profile gives them (/media/<key>). Only
 * keys of the store's own shape are read, and only inside its folder.
 */
export function localMediaReader(storage: LocalStorage): ReadMedia {
  const root = storage.root;
  return async (url) => {
    if (!url.startsWith(MEDIA_URL_PREFIX)) throw new Error(`not a local media URL: ${url}`);
    const key = url.slice(MEDIA_URL_PREFIX.length);
    const file = resolve(root, key);
    if (!/^[a-z0-9/.-]+$/.test(key) || !file.startsWith(root + sep)) {
      throw new Error(`not a media key: ${key}`);
    }
    return readFile(file);
  };
}
