import { IMAGE_MAX_PIXELS } from '@pbshare/shared';
import sharp, { type Sharp } from 'sharp';
import { AppError } from '../http/app-error.js';

export const CARD_WIDTH = 480;
export const FULL_WIDTH = 1080;

export interface ImageRenditions {
  card: Buffer;
  full: Buffer;
  width: number;
  height: number;
}

/**
 * Turns an uploaded image into the two WebP sizes the app shows: about 480 px wide for cards and
 * 1080 px for full screen, never enlarged. The EXIF orientation is applied first and no metadata
 * (GPS included) is written to either file.
 */
export async function makeImageRenditions(path: string): Promise<ImageRenditions> {
  const source = openImage(path);
  return withReadableErrors(async () => {
    const [full, card] = await Promise.all([
      fullRendition(source.clone()),
      source
        .clone()
        .resize({ width: CARD_WIDTH, withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer(),
    ]);
    return { card, full: full.data, width: full.info.width, height: full.info.height };
  });
}

/** Only the full-screen size, for a video's poster (the card shows the poster at that size). */
export async function makeFullRendition(path: string): Promise<Buffer> {
  return withReadableErrors(async () => (await fullRendition(openImage(path))).data);
}

function openImage(path: string): Sharp {
  return sharp(path, { limitInputPixels: IMAGE_MAX_PIXELS, animated: false }).rotate();
}

function fullRendition(image: Sharp) {
  return image
    .resize({ width: FULL_WIDTH, withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
}

/** sharp's failures as the answers a user can act on. */
async function withReadableErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) {
      throw new AppError('PAYLOAD_TOO_LARGE', 'Images can be at most 40 megapixels.');
    }
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'That image could not be read. Please try another one.',
    );
  }
}
