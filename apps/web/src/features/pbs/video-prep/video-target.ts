/** The long side and short side of the box a prepared video fits in, whatever its orientation. */
const BOX_LONG_SIDE = 1920;
const BOX_SHORT_SIDE = 1080;

/**
 * The video bitrate of a full 1920x1080 result. Not the 8 Mbit/s the issue first named: at 8 Mbit/s
 * a 30 s clip is 30 MB before its audio. 5.5 Mbit/s plus 128 kbit/s of audio keeps a 30 s clip near
 * 21 MB, under the 25 MB a prepared clip must stay within, with room for the encoder's overshoot.
 */
export const FULL_HD_VIDEO_BITRATE = 5_500_000;
/** Smaller results get a share of the bitrate by their pixel count, but never less than this. */
export const MIN_VIDEO_BITRATE = 1_000_000;
/** Used only when the audio must be encoded anew (an AAC track is copied as it is). */
export const AUDIO_BITRATE = 128_000;
/**
 * The server's rendition plays at most 30 fps, so frames beyond that would be encoded on the
 * phone and sent only to be dropped: a 60 fps clip (or 120/240 fps slow motion) goes at 30, which
 * also halves the device's encoding work.
 */
export const MAX_FRAME_RATE = 30;
/** A clip that fits the box and averages no more than this is left as it is: converting buys little. */
export const SKIP_BELOW_BITRATE = 10_000_000;

export interface VideoSize {
  width: number;
  height: number;
}

export interface VideoTarget extends VideoSize {
  /** Bits per second of the encoded video track. */
  videoBitrate: number;
}

/** Encoders want even dimensions; rounding down keeps the result inside the box. */
function evenAtMost(value: number): number {
  return Math.max(2, Math.floor(value / 2) * 2);
}

/** The box in the clip's own orientation: a portrait clip fits 1080x1920, a landscape one 1920x1080. */
function boxFor(size: VideoSize): VideoSize {
  return size.height > size.width
    ? { width: BOX_SHORT_SIDE, height: BOX_LONG_SIDE }
    : { width: BOX_LONG_SIDE, height: BOX_SHORT_SIDE };
}

export function fitsBox(size: VideoSize): boolean {
  const box = boxFor(size);
  return size.width <= box.width && size.height <= box.height;
}

/**
 * The size and bitrate to convert a clip of this displayed size (after rotation) to: scaled down to
 * fit the box in its orientation, never up, aspect ratio kept, even dimensions.
 */
export function videoTarget(size: VideoSize): VideoTarget {
  const box = boxFor(size);
  const scale = Math.min(1, box.width / size.width, box.height / size.height);
  const width = evenAtMost(size.width * scale);
  const height = evenAtMost(size.height * scale);
  const share = (width * height) / (BOX_LONG_SIDE * BOX_SHORT_SIDE);
  const videoBitrate = Math.max(MIN_VIDEO_BITRATE, Math.round(FULL_HD_VIDEO_BITRATE * share));
  return { width, height, videoBitrate };
}

/**
 * The frame rate to encode at: the clip's own, at most MAX_FRAME_RATE. It must be told to the
 * encoder, which otherwise plans its bitrate for 30 fps and makes a 60 fps clip twice as big.
 */
export function encodeFrameRate(sourceRate: number | undefined): number | undefined {
  if (sourceRate === undefined || !Number.isFinite(sourceRate) || sourceRate <= 0) return undefined;
  return Math.min(sourceRate, MAX_FRAME_RATE);
}

export interface ClipFacts extends VideoSize {
  /** Seconds, or undefined when the file does not say. */
  duration: number | undefined;
  bytes: number;
}

/**
 * Whether converting would buy nothing: the clip already fits the box and its average bitrate
 * (audio included) is already modest. A clip of unknown length that fits is left alone too.
 */
export function needsNoConversion(facts: ClipFacts): boolean {
  if (!fitsBox(facts)) return false;
  if (facts.duration === undefined || !(facts.duration > 0)) return true;
  return (facts.bytes * 8) / facts.duration <= SKIP_BELOW_BITRATE;
}
