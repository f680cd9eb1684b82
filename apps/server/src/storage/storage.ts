/**
 * The media store port. Keys are made by the server (never from a client's file name) and look
 * like `avatars/<uuid>.webp`. The local-disk adapter serves them under /media; an object-store
 * adapter would answer CDN URLs instead.
 */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Stores a file from local disk (a finished upload), taking it over: the source is gone after. */
  putFile(key: string, sourcePath: string, contentType: string): Promise<void>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** The URL a browser fetches the object from. */
  url(key: string): string;
}
