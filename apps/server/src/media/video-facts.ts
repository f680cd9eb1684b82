import { open, stat } from 'node:fs/promises';
import mediaInfoFactory, { type MediaInfo } from 'mediainfo.js';
import { FileWindow, MalformedMediaError } from './file-window.js';
import { mp4PlayingSeconds } from './mp4-timing.js';
import { webmPlayingSeconds } from './webm-timing.js';

export interface VideoFacts {
  durationSeconds: number;
  width: number | null;
  height: number | null;
}

let instance: Promise<MediaInfo> | undefined;
let queue: Promise<unknown> = Promise.resolve();

/**
 * Reads a video's size with MediaInfo's WASM build (which also proves the container is one it
 * understands) and its duration from the samples the player will use (mp4-timing.ts,
 * webm-timing.ts): the headers MediaInfo reports can be rewritten without changing what plays.
 * One MediaInfo instance is shared and calls take turns, since an instance analyses one file at
 * a time. Undefined when the file has no readable duration.
 */
export async function readVideoFacts(path: string, mime: string): Promise<VideoFacts | undefined> {
  const run = queue.then(() => analyse(path));
  queue = run.catch(() => undefined);
  const facts = await run;
  if (!facts) return undefined;
  const played = await playingSeconds(path, mime);
  if (played === undefined || played <= 0) return undefined;
  return { ...facts, durationSeconds: played };
}

async function playingSeconds(path: string, mime: string): Promise<number | undefined> {
  const file = await FileWindow.open(path);
  try {
    return mime === 'video/webm' ? await webmPlayingSeconds(file) : await mp4PlayingSeconds(file);
  } catch (err) {
    if (err instanceof MalformedMediaError) return undefined;
    throw err;
  } finally {
    await file.close();
  }
}

async function analyse(path: string): Promise<VideoFacts | undefined> {
  instance ??= mediaInfoFactory({ format: 'object' });
  const mediainfo = await instance;
  const { size } = await stat(path);
  const file = await open(path);
  try {
    const result = await mediainfo.analyzeData(size, async (chunkSize, offset) => {
      const buffer = Buffer.alloc(chunkSize);
      const { bytesRead } = await file.read(buffer, 0, chunkSize, offset);
      return buffer.subarray(0, bytesRead);
    });
    const tracks = result.media?.track ?? [];
    const general = tracks.find((t) => t['@type'] === 'General');
    const video = tracks.find((t) => t['@type'] === 'Video');
    const duration = Number(general?.Duration ?? video?.Duration);
    if (!Number.isFinite(duration) || duration <= 0) return undefined;
    return {
      durationSeconds: duration,
      width: typeof video?.Width === 'number' ? video.Width : null,
      height: typeof video?.Height === 'number' ? video.Height : null,
    };
  } finally {
    await file.close();
  }
}
