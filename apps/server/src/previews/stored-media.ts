import { buffer } from 'node:stream/consumers';
import type { Storage } from '../storage/storage.js';
import { isSafeKey } from '../storage/storage.js';
import type { ReadMedia } from './pictures.js';

/**
 * Reads pictures of the media store by the URL a profile gives them (/media/<key>, or the public
 * URL a bucket's media has). Only keys of the store's own shape are read.
 */
export function storedMediaReader(storage: Storage): ReadMedia {
  return async (url) => {
    const key = storage.keyOf(url);
    if (key === undefined || !isSafeKey(key)) throw new Error(`not a media URL: ${url}`);
    return buffer(storage.read(key));
  };
}
