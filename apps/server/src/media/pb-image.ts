import { IMAGE_MAX_PIXELS } from '@pbshare/shared';
import sharp from 'sharp';
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
  const source = sharp(path, { limitInputPixels: IMAGE_MAX_PIXELS, animated: false }).rotate();
  try {
    const [full, card] = await Promise.all([
      source
        .clone()
        .resize({ width: FULL_WIDTH, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true }),
      source
        .clone()
        .resize({ width: CARD_WIDTH, withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer(),
    ]);
    return { card, full: full.data, width: full.info.width, height: full.info.height };
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
