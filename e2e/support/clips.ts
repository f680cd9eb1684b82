import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdir, rename, rmdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Clips are made once per machine and shared by both projects (they take minutes to encode). */
const CLIPS = join(tmpdir(), 'pbshare-e2e-clips');

/**
 * Makes `name` with ffmpeg unless it is there already. A lock folder keeps the two workers from
 * encoding the same 4K clip at once; the file appears whole, by rename.
 */
async function clip(name: string, args: string[]): Promise<string> {
  const path = join(CLIPS, name);
  const lock = `${path}.lock`;
  await mkdir(CLIPS, { recursive: true });
  for (;;) {
    if (existsSync(path)) return path;
    try {
      await mkdir(lock);
      break;
    } catch {
      // A lock older than any encode was left by a run that was killed: take it over.
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() - since > 600_000) await rmdir(lock).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  try {
    if (!existsSync(path)) {
      const partial = `${path}.partial.mp4`;
      // prettier-ignore
      await run('/usr/bin/ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args, partial], {
        timeout: 480_000,
      });
      await rename(partial, path);
    }
    return path;
  } finally {
    await rmdir(lock).catch(() => undefined);
  }
}

/**
 * 30 s of 4K at 60 fps and 40 Mbit/s with sound, ~150 MB: the size and shape of what a current
 * phone records. The picture is a square crossing a plain frame and x264 pads it to the bit rate
 * (CBR filler), so encoding and decoding it take a fraction of a real scene's minutes of CPU.
 */
export const phoneClip = () =>
  // prettier-ignore
  clip('4k60-30s-cbr.mp4', [
    '-f', 'lavfi',
    '-i', "color=c=0x2a6fdb:s=3840x2160:r=60,drawbox=x='mod(t*600,3600)':y=960:w=240:h=240:color=orange:t=fill",
    '-f', 'lavfi', '-i', 'sine=frequency=440',
    '-t', '30', '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '40M', '-minrate', '40M',
    '-maxrate', '40M', '-bufsize', '40M', '-x264-params', 'nal-hrd=cbr:filler=1',
    '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart',
  ]);

/**
 * 720p at 9 Mbit/s for 20 s (~23 MB, three chunks): sent as it is (under the bitrate worth
 * shrinking), big enough to cut. A square crossing a plain frame, padded to the bit rate like the
 * 4K clip: the server's rendition of it takes seconds, so it is ready in time on a busy machine,
 * where ffmpeg runs at low priority behind both browsers.
 */
export const plainClip = () =>
  // prettier-ignore
  clip('720p-20s-cbr.mp4', [
    '-f', 'lavfi',
    '-i', "color=c=0x2a6fdb:s=1280x720:r=30,drawbox=x='mod(t*200,1200)':y=320:w=80:h=80:color=orange:t=fill",
    '-f', 'lavfi', '-i', 'sine=frequency=330',
    '-t', '20', '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '9M', '-minrate', '9M',
    '-maxrate', '9M', '-bufsize', '9M', '-x264-params', 'nal-hrd=cbr:filler=1',
    '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart',
  ]);

/** HEVC, which this Chromium cannot decode, so it cannot convert it either. */
export const hevcClip = () =>
  // prettier-ignore
  clip('hevc-720p-3s.mp4', [
    '-f', 'lavfi', '-i', 'testsrc2=s=1280x720:r=30:d=3', '-f', 'lavfi', '-i', 'sine=d=3',
    '-c:v', 'libx265', '-preset', 'ultrafast', '-tag:v', 'hvc1', '-pix_fmt', 'yuv420p',
    '-x265-params', 'log-level=error', '-c:a', 'aac', '-shortest',
  ]);
