import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { AppError } from '../errors/app-error.js';
import { openImage, withinImageBudget } from './image-budget.js';
import { AVATAR_RULES, IMAGE_MIME_TYPES } from './receive-upload.js';

export const AVATAR_SIZE_PX = 512;

/**
 * Turns an uploaded avatar (a temp file or bytes) into a square WebP: the real type is read from
 * the bytes (the client's claim is ignored), EXIF orientation is applied, and every piece of
 * metadata (GPS included) is dropped because sharp writes none unless asked to.
 */
export async function processAvatar(upload: Buffer | string): Promise<Buffer> {
  const type =
    typeof upload === 'string' ? await fileTypeFromFile(upload) : await fileTypeFromBuffer(upload);
  if (!type || !IMAGE_MIME_TYPES.includes(type.mime)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', AVATAR_RULES.notAcceptedMessage);
  }
  return withinImageBudget(upload, () =>
    openImage(upload)
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer(),
  );
}
