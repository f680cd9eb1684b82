import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

export interface FfmpegBinaries {
  ffmpeg: string;
  ffprobe: string;
  /** Where they came from: a maintained system build is preferred (README, Video processing). */
  source: 'setting' | 'system' | 'npm';
}

const run = promisify(execFile);

/**
 * Finds ffmpeg and ffprobe: FFMPEG_PATH / FFPROBE_PATH when set, else the system's on PATH, else
 * the static builds shipped inside the @ffmpeg-installer and @ffprobe-installer packages, so a
 * fresh machine without ffmpeg still processes videos. Undefined when none is found.
 */
export function findFfmpeg(
  setting: { ffmpeg: string | undefined; ffprobe: string | undefined },
  path: string | undefined = process.env.PATH,
): FfmpegBinaries | undefined {
  if (setting.ffmpeg) {
    return {
      ffmpeg: setting.ffmpeg,
      ffprobe: setting.ffprobe ?? join(setting.ffmpeg, '..', 'ffprobe'),
      source: 'setting',
    };
  }
  const ffmpeg = onPath('ffmpeg', path);
  const ffprobe = onPath('ffprobe', path);
  if (ffmpeg && ffprobe) return { ffmpeg, ffprobe, source: 'system' };
  return shippedInPackages();
}

/** The first line of `ffmpeg -version`, such as 'ffmpeg version 5.1.9-0+deb12u1'. */
export async function ffmpegVersion(binaries: FfmpegBinaries): Promise<string> {
  const { stdout } = await run(binaries.ffmpeg, ['-hide_banner', '-version'], { timeout: 10_000 });
  const first = stdout.split('\n')[0] ?? '';
  return first.replace(/\s+Copyright.*$/, '').trim();
}

function onPath(name: string, path: string | undefined): string | undefined {
  for (const dir of (path ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this folder.
    }
  }
  return undefined;
}

function shippedInPackages(): FfmpegBinaries | undefined {
  const require = createRequire(import.meta.url);
  try {
    const ffmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    const ffprobe = (require('@ffprobe-installer/ffprobe') as { path: string }).path;
    return { ffmpeg, ffprobe, source: 'npm' };
  } catch {
    return undefined;
  }
}

/** Where ffmpeg is, or a start-up error that says how to get one. */
export function requireFfmpeg(setting: {
  ffmpeg: string | undefined;
  ffprobe: string | undefined;
}): FfmpegBinaries {
  const found = findFfmpeg(setting);
  if (!found) {
    throw new Error(
      'No ffmpeg found for processing videos: install it (apt-get install ffmpeg) or set FFMPEG_PATH and FFPROBE_PATH.',
    );
  }
  return found;
}
