import { IMAGE_MAX_PIXELS, MEDIA_MESSAGES } from '@pbshare/shared';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { AppError } from '../errors/app-error.js';
import { Semaphore } from './semaphore.js';

/**
 * Decoding is where an image costs memory: a small file can unpack into hundreds of megabytes
 * (a 300 KB 16-bit 6300x6300 PNG becomes about 318 MB). So every image is measured from its
 * header before it is decoded, and decodes take turns.
 */

/** The most one decoded image may take: 40 megapixels of 8-bit RGBA. */
const IMAGE_MAX_DECODED_BYTES = IMAGE_MAX_PIXELS * 4;

/** Images decoded at the same time, in the whole process. */
export const IMAGE_JOBS_AT_ONCE = 2;

const IMAGE_TOO_LARGE_MESSAGE = MEDIA_MESSAGES.imageTooManyPixels;
const IMAGE_UNREADABLE_MESSAGE = 'That image could not be read. Please try another one.';

// libvips keeps recent operations and their pixels in a cache (50 MB by default) that only
// helps when the same image is processed twice, which never happens here.
sharp.cache(false);
// One libvips thread per image: with IMAGE_JOBS_AT_ONCE images at a time this uses the cores
// without multiplying the per-thread buffers.
sharp.concurrency(1);

const decodes = new Semaphore(IMAGE_JOBS_AT_ONCE);

const BYTES_PER_SAMPLE: Readonly<Record<string, number>> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

/** What decoding the first frame of this image would allocate, from its header alone. */
function decodedBytes(
  meta: Pick<Metadata, 'width' | 'height' | 'channels' | 'depth' | 'pageHeight'>,
): number {
  // An unknown sample format counts as the widest one.
  const sample = BYTES_PER_SAMPLE[meta.depth] ?? 16;
  return meta.width * (meta.pageHeight ?? meta.height) * meta.channels * sample;
}

/**
 * Reads the header of `input`, refuses images over the pixel or decoded-memory budget (413) and
 * unreadable ones (415), then runs `work` once a decode slot is free.
 */
export async function withinImageBudget<T>(
  input: string | Buffer,
  work: () => Promise<T>,
): Promise<T> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_UNREADABLE_MESSAGE);
  }
  const pixels = meta.width * (meta.pageHeight ?? meta.height);
  if (pixels > IMAGE_MAX_PIXELS || decodedBytes(meta) > IMAGE_MAX_DECODED_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_TOO_LARGE_MESSAGE);
  }
  return decodes.run(async () => {
    try {
      return await work();
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof Error && /pixel limit/i.test(err.message)) {
        throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_TOO_LARGE_MESSAGE);
      }
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_UNREADABLE_MESSAGE);
    }
  });
}

/**
 * Every decode starts here: sharp refuses more than the pixel limit itself, reads only the first
 * frame of an animation, and turns the image upright from its EXIF orientation.
 */
export function openImage(input: Buffer | string): Sharp {
  return sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, animated: false }).rotate();
}
