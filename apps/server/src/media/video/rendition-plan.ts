import type { VideoProbe } from './probe.js';

/**
 * What every visitor's browser plays: H.264 High + AAC in MP4, 8-bit 4:2:0, fitting 1280x720 in
 * its own orientation, at most 30 fps and about 3 Mbit/s (docs/PRODUCT.md §12).
 */
export const RENDITION = {
  longSide: 1280,
  shortSide: 720,
  maxFps: 30,
  maxVideoBitRate: 3_000_000,
  audioBitRate: 128_000,
  /** AAC up to this rate (and stereo at most) is copied; richer audio is made 128 kbit/s stereo. */
  maxCopiedAudioBitRate: 160_000,
} as const;

/** Frame rates this close above the cap (29.97 rounding, timestamps' jitter) count as within it. */
const FPS_SLACK = 0.5;
/** A source may run this much over the bit-rate cap and still be copied rather than re-encoded. */
const BITRATE_SLACK = 1.1;
const HDR_TRANSFERS = new Set(['arib-std-b67', 'smpte2084']);

export interface RenditionPlan {
  /** Copy the streams into a clean, fast-start MP4, or decode and encode them. */
  mode: 'remux' | 'encode';
  /** The picture as shown, rotation applied. */
  width: number;
  height: number;
  hdr: boolean;
  capFps: boolean;
  hasAudio: boolean;
  /** Audio that can be copied as it is (AAC); other audio is encoded even when video is copied. */
  copyAudio: boolean;
}

export function planRendition(probe: VideoProbe): RenditionPlan {
  const turned = probe.rotation === 90 || probe.rotation === 270;
  const shown = turned
    ? { width: probe.height, height: probe.width }
    : { width: probe.width, height: probe.height };
  const size = fitInBox(shown.width, shown.height);
  const hdr = probe.colorTransfer !== null && HDR_TRANSFERS.has(probe.colorTransfer);
  const capFps = probe.fps === null || probe.fps > RENDITION.maxFps + FPS_SLACK;
  // Phones write 256 kbit/s or multichannel AAC at times: copied, it would take the 30 s story
  // over its 12 MB.
  const copyAudio =
    probe.audioCodec === null ||
    (probe.audioCodec === 'aac' &&
      probe.audioBitRate !== null &&
      probe.audioBitRate <= RENDITION.maxCopiedAudioBitRate &&
      (probe.audioChannels ?? 0) <= 2);
  const playsEverywhere =
    probe.codec === 'h264' &&
    probe.profile === 'High' &&
    probe.pixFmt === 'yuv420p' &&
    probe.rotation === 0 &&
    !hdr &&
    !capFps &&
    size.width === shown.width &&
    size.height === shown.height &&
    probe.videoBitRate !== null &&
    probe.videoBitRate <= RENDITION.maxVideoBitRate * BITRATE_SLACK;
  return {
    mode: playsEverywhere ? 'remux' : 'encode',
    ...size,
    hdr,
    capFps,
    hasAudio: probe.audioCodec !== null,
    copyAudio,
  };
}

/**
 * The largest even size of the same shape within 1280x720 turned to the picture's orientation
 * (a portrait clip fits 720x1280), never enlarged. H.264 in 4:2:0 needs even sides.
 */
export function fitInBox(width: number, height: number): { width: number; height: number } {
  const portrait = height > width;
  const maxW = portrait ? RENDITION.shortSide : RENDITION.longSide;
  const maxH = portrait ? RENDITION.longSide : RENDITION.shortSide;
  const scale = Math.min(1, maxW / width, maxH / height);
  return { width: even(width * scale), height: even(height * scale) };
}

function even(n: number): number {
  return Math.max(2, Math.floor(n / 2) * 2);
}

/**
 * The picture filters shared by the rendition and the poster: size, then, for HLG or PQ sources,
 * a tone map to SDR BT.709 (Hable, as Jellyfin and Immich do) so the picture is not washed out.
 * ffmpeg applies the rotation itself before these (autorotate).
 */
export function pictureFilters(plan: RenditionPlan): string {
  const filters = [`scale=${plan.width}:${plan.height}:flags=bicubic`];
  if (plan.hdr) {
    filters.push(
      'zscale=t=linear:npl=100',
      'format=gbrpf32le',
      'zscale=p=bt709',
      'tonemap=tonemap=hable:desat=0',
      'zscale=t=bt709:m=bt709:r=tv',
    );
  }
  filters.push('format=yuv420p');
  return filters.join(',');
}

/** How every ffmpeg run starts: quiet, no stdin, one local file read, its first video stream. */
function fromFirstVideoOf(input: string): string[] {
  return [
    ...['-nostdin', '-hide_banner', '-v', 'error', '-protocol_whitelist', 'file'],
    ...['-i', `file:${input}`, '-map', '0:v:0'],
  ];
}
/** No tag of the source (location, device, dates) nor of ffmpeg's own reaches the output. */
const NO_METADATA = [
  '-map_metadata',
  '-1',
  '-map_metadata:s',
  '-1',
  '-map_chapters',
  '-1',
  '-fflags',
  '+bitexact',
  '-flags:v',
  '+bitexact',
  '-flags:a',
  '+bitexact',
];

export function renditionArgs(plan: RenditionPlan, input: string, output: string): string[] {
  const video =
    plan.mode === 'remux'
      ? ['-c:v', 'copy']
      : [
          '-vf',
          plan.capFps ? `fps=${RENDITION.maxFps},${pictureFilters(plan)}` : pictureFilters(plan),
          // Keeps a variable-rate source's timing instead of padding it to a constant rate (the
          // older spelling of -fps_mode, which the npm-shipped ffmpeg 4 lacks).
          '-vsync',
          'vfr',
          '-c:v',
          'libx264',
          '-profile:v',
          'high',
          '-preset',
          'veryfast',
          '-crf',
          '23',
          '-maxrate',
          String(RENDITION.maxVideoBitRate),
          '-bufsize',
          String(RENDITION.maxVideoBitRate * 2),
          '-color_primaries',
          'bt709',
          '-color_trc',
          'bt709',
          '-colorspace',
          'bt709',
        ];
  const audio = !plan.hasAudio
    ? ['-an']
    : plan.copyAudio
      ? ['-c:a', 'copy']
      : ['-c:a', 'aac', '-b:a', String(RENDITION.audioBitRate), '-ac', '2'];
  return [
    ...fromFirstVideoOf(input),
    '-map',
    '0:a:0?',
    '-dn',
    '-sn',
    ...NO_METADATA,
    ...video,
    ...audio,
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    '-y',
    'file:' + output,
  ];
}

/** One frame from the start, through the same filters, as a PNG for the WebP poster. */
export function posterArgs(plan: RenditionPlan, input: string, output: string): string[] {
  return [
    ...fromFirstVideoOf(input),
    '-frames:v',
    '1',
    '-vf',
    pictureFilters(plan),
    '-f',
    'image2',
    '-c:v',
    'png',
    '-y',
    'file:' + output,
  ];
}
