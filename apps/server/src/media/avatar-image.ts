import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../http/app-error.js';

export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
export const AVATAR_SIZE_PX = 512;
const MAX_INPUT_PIXELS = 40_000_000;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

/**
 * Turns an uploaded avatar into a square WebP: the real type is read from the bytes (the client's
 * claim is ignored), EXIF orientation is applied, and every piece of metadata (GPS included) is
 * dropped because sharp writes none unless asked to.
 */
export async function processAvatar(upload: Buffer): Promise<Buffer> {
  const type = await fileTypeFromBuffer(upload);
  if (!type || !IMAGE_TYPES.has(type.mime)) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Please choose a JPEG, PNG, WebP, GIF or AVIF image.',
    );
  }
  try {
    return await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'That image could not be read. Please try another one.',
    );
  }
}
