import { MAX_VIDEO_SECONDS } from './product.js';

/**
 * What a PB's photo or video and an avatar may be, and the words both sides use to say so: the
 * server enforces these, the web app checks a picked file against them first and shows the same
 * texts. Zod-free, so any bundle may import it.
 */

const MB = 1024 * 1024;

export const IMAGE_MAX_BYTES = 20 * MB;
/** Profile pictures: smaller than PB photos, they are cut to a 512 px square anyway. */
export const AVATAR_MAX_BYTES = 10 * MB;
/** What a phone records in 30 s of 4K at 60 fps, with room to spare. */
export const VIDEO_MAX_BYTES = 300 * MB;
export const IMAGE_MAX_PIXELS = 40_000_000;

/** The formats by the names people know them by. */
const IMAGE_FORMAT_NAMES = ['JPEG', 'PNG', 'WebP', 'GIF', 'AVIF'] as const;
const VIDEO_FORMAT_NAMES = ['MP4', 'MOV', 'WebM'] as const;

/**
 * Encoders and players round lengths: a clip recorded as 30 s can measure 30.04 s. Within this
 * margin it is still a 30-second video, on the server and in the browser alike.
 */
const VIDEO_LENGTH_TOLERANCE_SECONDS = 0.05;

export function isVideoTooLong(seconds: number): boolean {
  return seconds > MAX_VIDEO_SECONDS + VIDEO_LENGTH_TOLERANCE_SECONDS;
}

const megabytes = (bytes: number) => `${bytes / MB} MB`;
const oneOf = (names: readonly string[]) => `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;

export const MEDIA_MESSAGES = {
  notMedia: 'Please select an image or video file.',
  notImage: `Please choose a ${oneOf(IMAGE_FORMAT_NAMES)} image.`,
  imageTooLarge: `Images can be at most ${megabytes(IMAGE_MAX_BYTES)}.`,
  imageTooManyPixels: `Images can be at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels.`,
  videoTooLarge: `Videos can be at most ${megabytes(VIDEO_MAX_BYTES)}.`,
  videoTooLong: `Video must be ${MAX_VIDEO_SECONDS} seconds or less.`,
  avatarTooLarge: `Your image must be ${megabytes(AVATAR_MAX_BYTES)} or less.`,
  /** A video whose picture cannot be decoded (a truncated file, say). */
  videoUnreadable: 'That video could not be read. Please try another one.',
  /** On the owner's card and preview while the server makes a video's rendition. */
  videoProcessing: 'Processing video…',
  /** On the owner's card when the rendition could not be made. */
  videoFailed: "We couldn't process this video. Try another file.",
  /** The hint under the PB form's media field. */
  mediaHint: `Photo: ${oneOf(IMAGE_FORMAT_NAMES)} up to ${megabytes(IMAGE_MAX_BYTES)}. Video: ${oneOf(VIDEO_FORMAT_NAMES)} up to ${megabytes(VIDEO_MAX_BYTES)} and ${MAX_VIDEO_SECONDS} seconds.`,
  /** The hint under the avatar picker. */
  avatarHint: `${oneOf(IMAGE_FORMAT_NAMES)}, up to ${megabytes(AVATAR_MAX_BYTES)}. We crop it to a square.`,
} as const;
