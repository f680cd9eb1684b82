import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { IMAGE_MAX_PIXELS } from '@pbshare/shared';
import { AppError } from '../http/app-error.js';
import { IMAGE_MIME_TYPES } from './receive-upload.js';

export const AVATAR_SIZE_PX = 512;

/**
 * Turns an uploaded avatar into a square WebP: the real type is read from the bytes (the client's
 * claim is ignored), EXIF orientation is applied, and every piece of metadata (GPS included) is
 * dropped because sharp writes none unless asked to.
 */
export async function processAvatar(upload: Buffer): Promise<Buffer> {
  const type = await fileTypeFromBuffer(upload);
  if (!type || !IMAGE_MIME_TYPES.includes(type.mime)) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Please choose a JPEG, PNG, WebP, GIF or AVIF image.',
    );
  }
  try {
    return await sharp(upload, { limitInputPixels: IMAGE_MAX_PIXELS, animated: false })
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
