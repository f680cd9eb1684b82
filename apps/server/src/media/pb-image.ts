import sharp from 'sharp';
import { openImage, withinImageBudget } from './image-budget.js';

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
 * (GPS included) is written to either file. The source is decoded once, into the full size, and
 * the card is made from that.
 */
export async function makeImageRenditions(path: string): Promise<ImageRenditions> {
  return withinImageBudget(path, async () => {
    const { data, info } = await fullSizePixels(path);
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const [full, card] = await Promise.all([
      sharp(data, raw).webp({ quality: 82 }).toBuffer(),
      sharp(data, raw)
        .resize({ width: CARD_WIDTH, withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer(),
    ]);
    return { card, full, width: info.width, height: info.height };
  });
}

/** Only the full-screen size, for a video's poster (the card shows the poster at that size). */
export async function makeFullRendition(path: string): Promise<Buffer> {
  return withinImageBudget(path, () => fullSize(path).webp({ quality: 82 }).toBuffer());
}

function fullSize(path: string) {
  return openImage(path).resize({ width: FULL_WIDTH, withoutEnlargement: true });
}

function fullSizePixels(path: string) {
  return fullSize(path).raw().toBuffer({ resolveWithObject: true });
}
