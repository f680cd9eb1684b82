import { z } from 'zod';
import { runFfmpeg, type FfmpegLimits } from './run-ffmpeg.js';

/** What the rendition plan needs to know about a clip, as ffprobe reads it. */
export interface VideoProbe {
  codec: string;
  profile: string | null;
  pixFmt: string | null;
  /** Coded size, before rotation. */
  width: number;
  height: number;
  /** Clockwise degrees the player turns the picture (0, 90, 180, 270). */
  rotation: number;
  /** Frames per second, the higher of the average and the base rate; null when unknown. */
  fps: number | null;
  /** Video bits per second; null when the container does not say. */
  videoBitRate: number | null;
  colorTransfer: string | null;
  audioCodec: string | null;
  /** Audio bits per second and channels; null when the container does not say (or no audio). */
  audioBitRate: number | null;
  audioChannels: number | null;
  durationSeconds: number | null;
  /** The container's tags and the streams' tags, for the check that a rendition carries none. */
  formatTags: Record<string, string>;
  streamTags: Record<string, string>[];
}

const streamSchema = z.object({
  codec_type: z.string().optional(),
  codec_name: z.string().optional(),
  profile: z.string().optional(),
  pix_fmt: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  avg_frame_rate: z.string().optional(),
  r_frame_rate: z.string().optional(),
  bit_rate: z.string().optional(),
  color_transfer: z.string().optional(),
  channels: z.number().optional(),
  duration: z.string().optional(),
  tags: z.record(z.string(), z.string()).optional(),
  side_data_list: z.array(z.object({ rotation: z.number().optional() }).loose()).optional(),
});
const probeSchema = z.object({
  streams: z.array(streamSchema.loose()).default([]),
  format: z
    .object({ duration: z.string().optional(), tags: z.record(z.string(), z.string()).optional() })
    .loose()
    .optional(),
});

/** Reads a local file's first video stream and audio stream; undefined when it has no video. */
export async function probeVideo(
  ffprobe: string,
  path: string,
  limits: FfmpegLimits,
  signal?: AbortSignal,
): Promise<VideoProbe | undefined> {
  const json = await runFfmpeg(
    ffprobe,
    [
      '-v',
      'error',
      '-protocol_whitelist',
      'file',
      '-show_streams',
      '-show_format',
      '-of',
      'json',
      'file:' + path,
    ],
    limits,
    signal,
  );
  return parseProbe(JSON.parse(json) as unknown);
}

export function parseProbe(raw: unknown): VideoProbe | undefined {
  const parsed = probeSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const { streams, format } = parsed.data;
  const video = streams.find((s) => s.codec_type === 'video');
  const audio = streams.find((s) => s.codec_type === 'audio');
  if (!video?.codec_name || !video.width || !video.height) return undefined;
  const rates = [rate(video.avg_frame_rate), rate(video.r_frame_rate)].filter(
    (r): r is number => r !== null,
  );
  const duration = Number(format?.duration ?? video.duration);
  return {
    codec: video.codec_name,
    profile: video.profile ?? null,
    pixFmt: video.pix_fmt ?? null,
    width: video.width,
    height: video.height,
    rotation: clockwise(video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation),
    fps: rates.length > 0 ? Math.max(...rates) : null,
    videoBitRate: video.bit_rate ? Number(video.bit_rate) : null,
    colorTransfer: video.color_transfer ?? null,
    audioCodec: audio?.codec_name ?? null,
    audioBitRate: audio?.bit_rate ? Number(audio.bit_rate) : null,
    audioChannels: audio?.channels ?? null,
    durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : null,
    formatTags: format?.tags ?? {},
    streamTags: streams.map((s) => s.tags ?? {}),
  };
}

/** '30000/1001' as a number; null for '0/0' and anything unreadable. */
function rate(text: string | undefined): number | null {
  if (!text) return null;
  const [num, den] = text.split('/').map(Number);
  if (num === undefined || !den || !Number.isFinite(num) || num <= 0) return null;
  return num / den;
}

/** ffprobe's display-matrix rotation is counter-clockwise and signed; players turn clockwise. */
function clockwise(rotation: number | undefined): number {
  if (rotation === undefined) return 0;
  return (((Math.round(-rotation / 90) * 90) % 360) + 360) % 360;
}
