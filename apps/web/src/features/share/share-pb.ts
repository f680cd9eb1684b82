import { copyToClipboard } from './clipboard';
import { downloadFile } from './download-file';
import type { StoryImage } from './story-image';
import { isDomError } from '@/lib/dom-error';

/** What sharing one PB hands on: its public link, words for the share sheet and its image. */
export interface PbShare {
  url: string;
  title: string;
  text: string;
  image: StoryImage;
}

/** How a share ended, for the caller to tell the owner. */
export type PbShareOutcome =
  /** The device's share sheet took it (with the image file, or the link alone). */
  | { kind: 'shared'; withImage: boolean }
  /** The owner closed the share sheet: nothing to say. */
  | { kind: 'cancelled' }
  /**
   * The image took so long to arrive that the browser no longer counts the share as the tap's
   * doing. The image is here now, so the next tap shares at once.
   */
  | { kind: 'tap-again' }
  /** No share sheet: the link was copied (or not) and the image downloaded (or not). */
  | { kind: 'copied'; copied: boolean; imageSaved: boolean };

/**
 * Shares one PB the best way the device allows: the share sheet with the story image where it
 * takes files (phones post it as a story), else the share sheet with the link, else the link to
 * the clipboard and the image as a download.
 */
export async function sharePb({ url, title, text, image }: PbShare): Promise<PbShareOutcome> {
  if (typeof navigator.share === 'function') {
    let waited = false;
    let files: File[] = [];
    // Without canShare there is no asking whether files are welcome: the link alone, at once.
    if (typeof navigator.canShare === 'function') {
      waited = !image.ready;
      const file = await image.load();
      if (file && navigator.canShare({ files: [file] })) files = [file];
    }
    try {
      await navigator.share(files.length > 0 ? { files, title, text, url } : { title, text, url });
      return { kind: 'shared', withImage: files.length > 0 };
    } catch (error) {
      if (isDomError(error, 'AbortError')) return { kind: 'cancelled' };
      if (waited && isDomError(error, 'NotAllowedError')) return { kind: 'tap-again' };
      // A share sheet that refuses (a file type, a payload): the fallback still works.
      console.warn('Sharing failed; copying the link instead', error);
    }
  }
  return copyAndDownload(url, image);
}

async function copyAndDownload(url: string, image: StoryImage): Promise<PbShareOutcome> {
  // The copy first, while the tap still counts: some browsers allow it only then.
  let copied = true;
  try {
    await copyToClipboard(url);
  } catch {
    copied = false;
  }
  const file = await image.load();
  if (file) downloadFile(file, file.name);
  return { kind: 'copied', copied, imageSaved: file !== null };
}
