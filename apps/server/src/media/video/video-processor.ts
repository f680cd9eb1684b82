import { randomUUID } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { makeImageRenditions, type ImageRenditions } from '../pb-image.js';
import { isFastStart } from './fast-start.js';
import type { FfmpegBinaries } from './ffmpeg-binaries.js';
import { probeVideo, type VideoProbe } from './probe.js';
import { planRendition, posterArgs, renditionArgs, type RenditionPlan } from './rendition-plan.js';
import { DEFAULT_FFMPEG_LIMITS, FfmpegError, runFfmpeg, type FfmpegLimits } from './run-ffmpeg.js';

/** A clip ffprobe or ffmpeg could not read a picture from. */
export class UndecodableVideoError extends Error {
  constructor(cause?: unknown) {
    super('no decodable video frame', { cause });
    this.name = 'UndecodableVideoError';
  }
}

export interface MadeRendition {
  /** A temp file: the caller stores it and removes it. */
  path: string;
  bytes: number;
  plan: RenditionPlan;
  probe: VideoProbe;
}

/** Tags a clean MP4 may still show: the file type box and each track's handler, not metadata. */
const STRUCTURAL_FORMAT_TAGS = new Set(['major_brand', 'minor_version', 'compatible_brands']);
const STRUCTURAL_STREAM_TAGS = new Set(['handler_name', 'vendor_id', 'language']);
/** The muxer names the encoder that made the track ('Lavc libx264'): ours, not the phone's. */
const OWN_ENCODER = 'Lavc';

/**
 * Turns an uploaded clip into what visitors get: the server-made poster (checked by decoding a
 * frame, at upload) and the rendition every browser plays (in a job). Everything runs through
 * ffmpeg with limits; each output is checked before anyone stores it.
 */
export class VideoProcessor {
  constructor(
    private readonly binaries: FfmpegBinaries,
    private readonly tmpDir: string,
    private readonly limits: FfmpegLimits = DEFAULT_FFMPEG_LIMITS,
  ) {}

  /**
   * Decodes the first frame, tone-mapped and turned as the rendition will be, into the WebP
   * poster sizes. Throws UndecodableVideoError when no frame decodes (a truncated file, say).
   */
  async poster(input: string): Promise<ImageRenditions> {
    const probe = await this.probeOrRefuse(input);
    const png = await this.tmpFile('png');
    try {
      try {
        await runFfmpeg(
          this.binaries.ffmpeg,
          posterArgs(planRendition(probe), input, png),
          this.limits,
        );
        if ((await stat(png)).size === 0) throw new UndecodableVideoError();
      } catch (err) {
        if (err instanceof FfmpegError || isMissing(err)) throw new UndecodableVideoError(err);
        throw err;
      }
      return await makeImageRenditions(png);
    } finally {
      await rm(png, { force: true });
    }
  }

  /** Makes the rendition into a temp file and proves it is what the plan promised. */
  async rendition(input: string, signal?: AbortSignal): Promise<MadeRendition> {
    const probe = await this.probeOrRefuse(input, signal);
    const plan = planRendition(probe);
    const output = await this.tmpFile('mp4');
    try {
      await runFfmpeg(
        this.binaries.ffmpeg,
        renditionArgs(plan, input, output),
        this.limits,
        signal,
      );
      const made = await probeVideo(this.binaries.ffprobe, output, this.limits, signal);
      if (!made) throw new Error('rendition check failed: no video stream');
      await assertPlays(output, made, plan);
      return { path: output, bytes: (await stat(output)).size, plan, probe: made };
    } catch (err) {
      await rm(output, { force: true });
      throw err;
    }
  }

  private async probeOrRefuse(input: string, signal?: AbortSignal): Promise<VideoProbe> {
    let probe: VideoProbe | undefined;
    try {
      probe = await probeVideo(this.binaries.ffprobe, input, this.limits, signal);
    } catch (err) {
      if (err instanceof FfmpegError) throw new UndecodableVideoError(err);
      throw err;
    }
    if (!probe) throw new UndecodableVideoError();
    return probe;
  }

  private async tmpFile(ext: string): Promise<string> {
    await mkdir(this.tmpDir, { recursive: true });
    return join(this.tmpDir, `${randomUUID()}.${ext}`);
  }
}

async function assertPlays(path: string, made: VideoProbe, plan: RenditionPlan): Promise<void> {
  const problems: string[] = [];
  if (made.codec !== 'h264' || made.profile !== 'High') problems.push(`codec ${made.codec}`);
  if (made.pixFmt !== 'yuv420p') problems.push(`pixel format ${String(made.pixFmt)}`);
  if (made.rotation !== 0) problems.push(`rotation ${made.rotation}`);
  if (made.width !== plan.width || made.height !== plan.height) {
    problems.push(`size ${made.width}x${made.height}`);
  }
  if (plan.hasAudio && made.audioCodec !== 'aac') problems.push('audio is not AAC');
  const tags = [
    ...Object.keys(made.formatTags).filter((t) => !STRUCTURAL_FORMAT_TAGS.has(t)),
    ...made.streamTags
      .flatMap((s) => Object.entries(s))
      .flatMap(([t, v]) =>
        STRUCTURAL_STREAM_TAGS.has(t) || (t === 'encoder' && v.startsWith(OWN_ENCODER)) ? [] : [t],
      ),
  ];
  if (tags.length > 0) problems.push(`metadata left: ${tags.join(', ')}`);
  if (!(await isFastStart(path))) problems.push('not fast start');
  if (problems.length > 0) throw new Error(`rendition check failed: ${problems.join('; ')}`);
}

function isMissing(err: unknown): boolean {
  return (err as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}
