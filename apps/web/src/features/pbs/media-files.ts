import { IMAGE_MAX_BYTES, MEDIA_MESSAGES, VIDEO_MAX_BYTES, type MediaType } from '@pbshare/shared';

/** A client-side refusal of a picked file: the toast's title and text. */
export interface MediaProblem {
  title: string;
  message: string;
}

function problem(title: string, message: string): MediaProblem {
  return { title, message };
}

export const INVALID_FILE_TYPE = problem('Invalid file type', MEDIA_MESSAGES.notMedia);
export const VIDEO_TOO_LONG = problem('Video too long', MEDIA_MESSAGES.videoTooLong);
export const IMAGE_TOO_LARGE = problem('File too large', MEDIA_MESSAGES.imageTooLarge);
export const VIDEO_TOO_LARGE = problem('File too large', MEDIA_MESSAGES.videoTooLarge);

/** What a picked file is by its declared type (the server sniffs the bytes again). */
export function mediaTypeOf(file: Blob): MediaType | undefined {
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('video/')) return 'video';
  return undefined;
}

/** The checks that need no decoding: type and size. */
export function checkMediaFile(file: File): MediaProblem | undefined {
  const type = mediaTypeOf(file);
  if (!type) return INVALID_FILE_TYPE;
  if (type === 'image' && file.size > IMAGE_MAX_BYTES) return IMAGE_TOO_LARGE;
  if (type === 'video' && file.size > VIDEO_MAX_BYTES) return VIDEO_TOO_LARGE;
  return undefined;
}

export interface VideoFacts {
  /** Seconds, or undefined when the browser cannot tell (the server checks it anyway). */
  duration: number | undefined;
}
const VIDEO_READ_TIMEOUT_MS = 8000;

/**
 * Reads a picked video's duration in a detached <video>, before any upload, for the 30 s rule.
 * Failing to decode is not an error here: the server has the final word on the file (and makes
 * the poster from it).
 */
export async function inspectVideo(file: Blob): Promise<VideoFacts> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  try {
    video.src = url;
    const loaded = await waitFor(video, 'loadeddata');
    if (!loaded) return { duration: undefined };
    return { duration: await durationOf(video) };
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}

/** A recorded WebM may report Infinity until the browser has seen its end: seek there once. */
async function durationOf(video: HTMLVideoElement): Promise<number | undefined> {
  if (Number.isFinite(video.duration)) return video.duration;
  video.currentTime = Number.MAX_SAFE_INTEGER;
  await waitFor(video, 'durationchange');
  const duration = Number.isFinite(video.duration) ? video.duration : undefined;
  video.currentTime = 0;
  await waitFor(video, 'seeked');
  return duration;
}

/** Resolves true on the event, false on an error or after a timeout. */
function waitFor(video: HTMLVideoElement, event: string): Promise<boolean> {
  return new Promise((resolve) => {
    const finish = (result: boolean) => {
      window.clearTimeout(timer);
      video.removeEventListener(event, onEvent);
      video.removeEventListener('error', onError);
      resolve(result);
    };
    const onEvent = () => {
      finish(true);
    };
    const onError = () => {
      finish(false);
    };
    const timer = window.setTimeout(() => {
      finish(false);
    }, VIDEO_READ_TIMEOUT_MS);
    video.addEventListener(event, onEvent);
    video.addEventListener('error', onError);
  });
}
