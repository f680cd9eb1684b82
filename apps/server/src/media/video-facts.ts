import { open, stat } from 'node:fs/promises';
import mediaInfoFactory, { type MediaInfo } from 'mediainfo.js';

export interface VideoFacts {
  durationSeconds: number;
  width: number | null;
  height: number | null;
}

let instance: Promise<MediaInfo> | undefined;
let queue: Promise<unknown> = Promise.resolve();

/**
 * Reads a video's duration and size from its container (MP4, MOV, WebM) with MediaInfo's WASM
 * build, reading only the chunks it asks for. One instance is shared and calls take turns, since
 * an instance analyses one file at a time. Undefined when the file has no readable duration.
 */
export function readVideoFacts(path: string): Promise<VideoFacts | undefined> {
  const run = queue.then(() => analyse(path));
  queue = run.catch(() => undefined);
  return run;
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
