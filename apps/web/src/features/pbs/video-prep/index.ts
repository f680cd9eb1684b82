import { throwIfAborted } from './abort-error';
import { mediaTypeOf } from '../media-files';

export interface PrepareVideoOptions {
  /** Whole percentage 0-100 of the conversion. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Resolves to the file to upload: a smaller H.264 MP4, or the original (photos, clips that need
 * nothing, clips this browser cannot convert). Rejects only with an AbortError.
 */
export async function prepareVideo(file: File, options: PrepareVideoOptions = {}): Promise<File> {
  throwIfAborted(options.signal);
  if (!mightPrepare(file)) return file;
  const convert = await loadConverter();
  throwIfAborted(options.signal);
  return convert ? convert(file, options) : file;
}

/**
 * Whether this file would go through conversion at all (a video and WebCodecs present) — lets
 * the form decide whether to show 'Preparing video…'. Cheap and synchronous.
 */
export function mightPrepare(file: File): boolean {
  return (
    mediaTypeOf(file) === 'video' && 'VideoDecoder' in globalThis && 'VideoEncoder' in globalThis
  );
}

/**
 * The converter, and the media library in it, is a chunk of its own that only this fetches. A
 * chunk that fails to load is one more browser that cannot convert: the original is uploaded.
 */
async function loadConverter() {
  try {
    return (await import('./convert-video')).convertVideo;
  } catch {
    return undefined;
  }
}
