import type { Readable } from 'node:stream';

/** Stored media never changes under its key (a replaced file gets a new key). */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The shape of every key the server makes: `avatars/<uuid>.webp`, `pbs/<uuid>/card.webp`. */
const SAFE_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/;

export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key);
}

/**
 * Videos as uploaded live under this prefix: kept for processing and the owner's export, never
 * served under /media (they may carry the phone's location and codecs browsers cannot play).
 */
export const PRIVATE_PREFIX = 'originals/';

/**
 * Resumable uploads' bytes (modules/uploads) live under this prefix until a PB takes them: never
 * served, and swept with their rows when they expire.
 */
export const UPLOADS_PREFIX = 'uploads/';

export function originalKeyOf(id: string, ext: string): string {
  return `${PRIVATE_PREFIX}${id}.${ext}`;
}

/** Whether /media may serve the key: a safe key outside the private originals and uploads. */
export function isServableKey(key: string): boolean {
  return isSafeKey(key) && !key.startsWith(PRIVATE_PREFIX) && !key.startsWith(UPLOADS_PREFIX);
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
}

export interface StoredObject {
  key: string;
  /** Last written, in ms since the epoch. */
  modifiedAt: number;
}

/** An object opened for an HTTP answer. */
export interface OpenedObject {
  /** 200 whole, 206 a range, 304 unchanged since the client's copy, 416 a range past the end. */
  status: 200 | 206 | 304 | 416;
  /** The bytes asked for: the whole object, or the range. */
  body: Readable;
  /** The whole object's size. */
  size: number;
  /** The size of `body`. */
  contentLength: number;
  /** 'bytes 0-99/1234' for a range. */
  contentRange: string | undefined;
  contentType: string;
  etag?: string | undefined;
  lastModified?: Date | undefined;
}

/**
 * The media store port. Keys are made by the server (never from a client's file name). The
 * local-disk adapter serves them under /media; the S3 adapter streams them from the bucket under
 * /media, or hands out its public (CDN) URLs.
 */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Stores a file from local disk (a finished upload), taking it over: the source is gone after. */
  putFile(key: string, sourcePath: string, contentType: string): Promise<void>;
  /**
   * Copies an object to a new key, inside the store (no bytes through this process on a bucket).
   * Used to give a file a new address when the old one must stop working (a PB being hidden).
   */
  copy(fromKey: string, toKey: string): Promise<void>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** The object's bytes as a stream, opened when called (the stream errors if it is missing). */
  read(key: string): Readable;
  /** The object's size in bytes, or undefined when there is no such object. */
  size(key: string): Promise<number | undefined>;
  /** Every stored object, for the orphan sweep. */
  list(): AsyncIterable<StoredObject>;
  /** The URL a browser fetches the object from. */
  url(key: string): string;
  /** The key behind a URL made by `url`, or undefined for any other URL. */
  keyOf(url: string): string | undefined;
}
