import { FileWindow, MalformedMediaError } from './file-window.js';
import { mp4PlayingSeconds } from './mp4-timing.js';
import { webmPlayingSeconds } from './webm-timing.js';

export interface VideoFacts {
  durationSeconds: number;
}

/**
 * Reads how long a video plays from the samples the player will use (mp4-timing.ts,
 * webm-timing.ts), not from headers, which can be rewritten without changing what plays. Whether
 * the picture decodes is ffmpeg's to prove (video/video-processor.ts). Undefined when the file
 * has no readable duration.
 */
export async function readVideoFacts(path: string, mime: string): Promise<VideoFacts | undefined> {
  const file = await FileWindow.open(path);
  try {
    const played =
      mime === 'video/webm' ? await webmPlayingSeconds(file) : await mp4PlayingSeconds(file);
    return played !== undefined && played > 0 ? { durationSeconds: played } : undefined;
  } catch (err) {
    if (err instanceof MalformedMediaError) return undefined;
    throw err;
  } finally {
    await file.close();
  }
}
