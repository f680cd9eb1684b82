import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { requireFfmpeg } from '../media/video/ffmpeg-binaries.js';
import { probeVideo, type VideoProbe } from '../media/video/probe.js';
import { DEFAULT_FFMPEG_LIMITS } from '../media/video/run-ffmpeg.js';

const run = promisify(execFile);
const binaries = () => requireFfmpeg({ ffmpeg: undefined, ffprobe: undefined });

/**
 * Clips as phones and browsers write them, made by the tests with ffmpeg itself: nothing binary
 * is checked in, and each clip is exactly what its test needs.
 */
export interface ClipMaker {
  dir: string;
  make(name: string, args: string[]): Promise<Buffer>;
  cleanup(): void;
}

export function clipMaker(): ClipMaker {
  const dir = mkdtempSync(join(tmpdir(), 'pbshare-clips-'));
  return {
    dir,
    async make(name, args) {
      const out = join(dir, name);
      await run(binaries().ffmpeg, ['-v', 'error', '-y', ...args, out], { timeout: 60_000 });
      return readFileSync(out);
    },
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A synthetic picture and tone of `seconds`, as ffmpeg's lavfi inputs. */
export function testSource(size: string, fps: number, seconds: number, audio = true): string[] {
  return [
    '-f',
    'lavfi',
    '-i',
    `testsrc2=s=${size}:r=${fps}:d=${seconds}`,
    ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`] : []),
  ];
}

/**
 * The MP4 with its first track's matrix turned 90 degrees clockwise, as a phone held upright
 * writes it (ffmpeg 5 has no option to write one).
 */
export function turnedClockwise(mp4: Buffer): Buffer {
  const copy = Buffer.from(mp4);
  const box = copy.indexOf('tkhd', 0, 'latin1') - 4;
  const matrixAt = box + (copy[box + 8] === 0 ? 48 : 60);
  [0, 0x10000, 0, -0x10000, 0, 0, 0, 0, 0x40000000].forEach((value, i) => {
    copy.writeInt32BE(value, matrixAt + i * 4);
  });
  return copy;
}

/** ftyp and moov only: the file a phone leaves when the upload is cut after its header. */
export function headerOnly(mp4: Buffer): Buffer {
  const mdat = mp4.indexOf('mdat', 0, 'latin1') - 4;
  if (mdat < 0) throw new Error('no mdat box');
  return mp4.subarray(0, mdat);
}

/** Runs `work` on a temp copy of `data` under `dir`, removed after. */
async function withTempFile<T>(data: Buffer, dir: string, work: (path: string) => Promise<T>) {
  const path = join(dir, `tmp-${randomUUID()}.bin`);
  writeFileSync(path, data);
  try {
    return await work(path);
  } finally {
    rmSync(path, { force: true });
  }
}

/** ffprobe's reading of a file, as the server's own probe reads it. */
export function probeFile(data: Buffer, dir: string): Promise<VideoProbe> {
  return withTempFile(data, dir, async (path) => {
    const probe = await probeVideo(binaries().ffprobe, path, DEFAULT_FFMPEG_LIMITS);
    if (!probe) throw new Error('no video stream');
    return probe;
  });
}

/** An MD5 of the video stream's packets: equal when a rendition copied the source's video. */
export function videoPacketsHash(data: Buffer, dir: string): Promise<string> {
  return withTempFile(data, dir, async (path) => {
    const args = ['-v', 'error', '-i', path, '-map', '0:v:0', '-c', 'copy', '-f', 'md5', '-'];
    const { stdout } = await run(binaries().ffmpeg, args);
    return stdout.trim();
  });
}
