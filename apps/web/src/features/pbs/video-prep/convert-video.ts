import {
  BlobSource,
  BufferTarget,
  Conversion,
  Input,
  MP4,
  Mp4OutputFormat,
  Output,
  QTFF,
  Quality,
  WEBM,
  type ConversionAudioOptions,
  type InputAudioTrack,
  type InputVideoTrack,
} from 'mediabunny';

import { abortError, throwIfAborted } from './abort-error';
import type { PrepareVideoOptions } from './index';
import {
  AUDIO_BITRATE,
  encodeFrameRate,
  needsNoConversion,
  videoTarget,
  type VideoSize,
} from './video-target';

/**
 * The containers PBShare accepts (MP4, MOV, WebM). Naming them rather than taking every format
 * keeps the other demuxers out of the chunk (about a quarter of it); anything else is refused by
 * the server anyway.
 */
const FORMATS = [MP4, QTFF, WEBM];

/**
 * Converts a picked clip to a smaller H.264/AAC MP4 in the browser (WebCodecs). Anything short of
 * a smaller, complete result gives back the original: the server accepts it as it is, only slower
 * to upload. Rejects only with an AbortError, when the signal fires.
 */
export async function convertVideo(file: File, options: PrepareVideoOptions): Promise<File> {
  const { signal } = options;
  const input = new Input({ source: new BlobSource(file), formats: FORMATS });
  let conversion: Conversion | undefined;
  const cancel = () => {
    void conversion?.cancel();
  };
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    const converted = await convert(file, input, options, (started) => {
      conversion = started;
    });
    throwIfAborted(signal);
    return converted && converted.size < file.size ? converted : file;
  } catch {
    if (signal?.aborted) throw abortError();
    return file;
  } finally {
    signal?.removeEventListener('abort', cancel);
    input.dispose();
  }
}

/** The converted file, or undefined when converting buys nothing or this browser cannot. */
async function convert(
  file: File,
  input: Input,
  { onProgress, signal }: PrepareVideoOptions,
  onStarted: (conversion: Conversion) => void,
): Promise<File | undefined> {
  const track = await input.getPrimaryVideoTrack();
  if (!track) return undefined;
  const size = await displayedSize(track);
  const duration = await input.computeDuration();
  if (needsNoConversion({ ...size, duration, bytes: file.size })) return undefined;
  throwIfAborted(signal);

  const target = videoTarget(size);
  const frameRate = encodeFrameRate(await sourceFrameRate(track));
  const output = new Output({
    // Moov first, so the server and players can read the clip before its end.
    format: new Mp4OutputFormat({ fastStart: 'in-memory' }),
    target: new BufferTarget(),
  });
  const conversion = await Conversion.init({
    input,
    output,
    tracks: 'primary',
    video: {
      width: target.width,
      height: target.height,
      // The target keeps the aspect ratio already; 'fill' only absorbs the rounding to even sizes.
      fit: 'fill',
      codec: 'avc',
      frameRate,
      quality: new Quality({ bitrate: target.videoBitrate }),
    },
    audio: audioOptions,
    // No tags at all: a phone's clip carries where it was filmed.
    tags: {},
    showWarnings: false,
  });
  // A dropped track (an undecodable codec, no H.264 or AAC encoder) would lose the clip's sound
  // or picture: better the original.
  if (!conversion.isValid || conversion.discardedTracks.length > 0) return undefined;
  throwIfAborted(signal);

  onStarted(conversion);
  let reported = -1;
  conversion.onProgress = (progress) => {
    const percent = Math.min(100, Math.max(0, Math.floor(progress * 100)));
    if (percent === reported) return;
    reported = percent;
    onProgress?.(percent);
  };
  await conversion.execute();
  const buffer = output.target.buffer;
  if (!buffer) return undefined;
  return new File([buffer], mp4Name(file.name), {
    type: 'video/mp4',
    lastModified: file.lastModified,
  });
}

/**
 * Width and height as shown, after the rotation a phone records in the file (its portrait clips),
 * measured as the conversion measures them.
 */
async function displayedSize(track: InputVideoTrack): Promise<VideoSize> {
  const width = await track.getSquarePixelWidth();
  const height = await track.getSquarePixelHeight();
  return (await track.getRotation()) % 180 === 0
    ? { width, height }
    : { width: height, height: width };
}

/** Its best guess from the frames' timestamps (a phone's clip may vary its rate a little). */
async function sourceFrameRate(track: InputVideoTrack): Promise<number> {
  return (await track.computeFrameRateMetrics()).bestGuessFrameRate;
}

/**
 * AAC is copied as it is: no audio encoder needed, no loss. Other audio is encoded to AAC, and
 * where the browser cannot, the track is dropped and the conversion gives up (above).
 */
async function audioOptions(track: InputAudioTrack): Promise<ConversionAudioOptions> {
  if ((await track.getCodec()) === 'aac') return {};
  return { codec: 'aac', quality: new Quality({ bitrate: AUDIO_BITRATE }) };
}

function mp4Name(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '');
  return `${base || 'video'}.mp4`;
}
