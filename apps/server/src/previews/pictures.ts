import { openImage, withinImageBudget } from '../media/image-budget.js';

/** Reads a stored picture by its media URL; throws when it cannot. */
export type ReadMedia = (url: string) => Promise<Buffer>;

export interface FittedPicture {
  /** A JPEG data URI of exactly the box's size, or null when there is nothing to draw. */
  dataUri: string | null;
  /** Why a named picture could not be drawn; the image is then not kept. */
  problem?: unknown;
}

/**
 * A stored picture cut to fill `box` (centred crop, like CSS object-fit: cover). Decoding goes
 * through the upload's image budget and its turns, so a burst of previews shares the same two
 * decode slots as uploads and cannot add up in memory.
 */
export async function fitPicture(
  read: ReadMedia,
  url: string | null,
  box: { width: number; height: number },
): Promise<FittedPicture> {
  if (!url) return { dataUri: null };
  try {
    const bytes = await read(url);
    const jpeg = await withinImageBudget(bytes, () =>
      openImage(bytes)
        .resize({ width: box.width, height: box.height, fit: 'cover' })
        .flatten({ background: '#0b0d12' })
        .jpeg({ quality: 90 })
        .toBuffer(),
    );
    return { dataUri: `data:image/jpeg;base64,${jpeg.toString('base64')}` };
  } catch (problem) {
    return { dataUri: null, problem };
  }
}
