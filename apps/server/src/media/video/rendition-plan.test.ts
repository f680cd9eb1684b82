import { describe, expect, it } from 'vitest';
import { parseProbe, type VideoProbe } from './probe.js';
import { fitInBox, pictureFilters, planRendition, renditionArgs } from './rendition-plan.js';

/** A clip that already plays everywhere: what each test changes one thing of. */
const ready: VideoProbe = {
  codec: 'h264',
  profile: 'High',
  pixFmt: 'yuv420p',
  width: 1280,
  height: 720,
  rotation: 0,
  fps: 30,
  videoBitRate: 2_500_000,
  colorTransfer: 'bt709',
  audioCodec: 'aac',
  audioBitRate: 128_000,
  audioChannels: 2,
  durationSeconds: 12,
  formatTags: {},
  streamTags: [],
};

describe('fitInBox', () => {
  it('fits 1280x720 turned to the picture, never enlarging, with even sides', () => {
    expect(fitInBox(3840, 2160)).toEqual({ width: 1280, height: 720 });
    expect(fitInBox(1080, 1920)).toEqual({ width: 720, height: 1280 });
    expect(fitInBox(640, 360)).toEqual({ width: 640, height: 360 });
    expect(fitInBox(1440, 1080)).toEqual({ width: 960, height: 720 });
    expect(fitInBox(1081, 1921)).toEqual({ width: 720, height: 1278 });
    expect(fitInBox(1000, 1000)).toEqual({ width: 720, height: 720 });
  });
});

describe('planRendition', () => {
  it('copies a clip that already plays everywhere', () => {
    expect(planRendition(ready)).toMatchObject({ mode: 'remux', copyAudio: true, hdr: false });
  });

  it.each([
    ['HEVC', { codec: 'hevc', profile: 'Main' }],
    ['Main profile', { profile: 'Main' }],
    ['10-bit', { pixFmt: 'yuv420p10le' }],
    ['a rotation', { rotation: 90 }],
    ['60 fps', { fps: 59.94 }],
    ['an unknown rate', { fps: null }],
    ['1080p', { width: 1920, height: 1080 }],
    ['a high bit rate', { videoBitRate: 8_000_000 }],
    ['an unknown bit rate', { videoBitRate: null }],
    ['HLG', { colorTransfer: 'arib-std-b67' }],
  ] as const)('encodes a clip with %s', (_name, change) => {
    expect(planRendition({ ...ready, ...change }).mode).toBe('encode');
  });

  it('keeps 29.97 fps and a bit rate just over the cap as they are', () => {
    expect(planRendition({ ...ready, fps: 30000 / 1001, videoBitRate: 3_200_000 }).mode).toBe(
      'remux',
    );
  });

  it('turns a portrait phone clip upright and fits it in 720x1280', () => {
    const plan = planRendition({ ...ready, width: 1920, height: 1080, rotation: 90 });
    expect(plan).toMatchObject({ mode: 'encode', width: 720, height: 1280 });
  });

  it('tone-maps HLG and PQ to BT.709', () => {
    for (const colorTransfer of ['arib-std-b67', 'smpte2084']) {
      const plan = planRendition({ ...ready, colorTransfer });
      expect(plan.hdr).toBe(true);
      expect(pictureFilters(plan)).toContain('tonemap=tonemap=hable');
      expect(pictureFilters(plan)).toMatch(/zscale=t=bt709:m=bt709:r=tv,format=yuv420p$/);
    }
    expect(pictureFilters(planRendition(ready))).not.toContain('tonemap');
  });

  it('copies modest AAC and makes anything else 128 kbit/s stereo AAC', () => {
    expect(planRendition(ready).copyAudio).toBe(true);
    for (const change of [
      { audioCodec: 'opus' },
      { audioBitRate: 256_000 },
      { audioBitRate: null },
      { audioChannels: 6 },
    ]) {
      const plan = planRendition({ ...ready, ...change });
      expect(plan.copyAudio, JSON.stringify(change)).toBe(false);
      expect(renditionArgs(plan, 'in', 'out')).toEqual(
        expect.arrayContaining(['-c:a', 'aac', '-b:a', '128000', '-ac', '2']),
      );
    }
    const silent = planRendition({ ...ready, audioCodec: null });
    expect(renditionArgs(silent, 'in', 'out')).toContain('-an');
  });
});

describe('renditionArgs', () => {
  it('reads local files only, drops every tag and writes a fast-start MP4', () => {
    const args = renditionArgs(planRendition({ ...ready, codec: 'hevc' }), '/tmp/a', '/tmp/b');
    expect(args.slice(0, 6)).toEqual([
      '-nostdin',
      '-hide_banner',
      '-v',
      'error',
      '-protocol_whitelist',
      'file',
    ]);
    expect(args).toEqual(expect.arrayContaining(['-i', 'file:/tmp/a', '-map_metadata', '-1']));
    expect(args).toEqual(expect.arrayContaining(['-movflags', '+faststart', 'file:/tmp/b']));
    expect(args).toEqual(expect.arrayContaining(['-c:v', 'libx264', '-profile:v', 'high']));
    expect(args).toEqual(expect.arrayContaining(['-maxrate', '3000000']));
  });
});

describe('parseProbe', () => {
  it("reads ffprobe's display matrix as clockwise degrees", () => {
    const probe = (rotation?: number) =>
      parseProbe({
        streams: [
          {
            codec_type: 'video',
            codec_name: 'h264',
            width: 1920,
            height: 1080,
            avg_frame_rate: '30000/1001',
            r_frame_rate: '30/1',
            ...(rotation === undefined ? {} : { side_data_list: [{ rotation }] }),
          },
        ],
        format: { duration: '3.000000' },
      });
    expect(probe()?.rotation).toBe(0);
    expect(probe(-90)?.rotation).toBe(90);
    expect(probe(90)?.rotation).toBe(270);
    expect(probe(180)?.rotation).toBe(180);
    expect(probe()?.fps).toBe(30);
  });

  it('has nothing to say about a file without a video stream', () => {
    expect(parseProbe({ streams: [{ codec_type: 'audio', codec_name: 'aac' }] })).toBeUndefined();
    expect(parseProbe('nonsense')).toBeUndefined();
  });
});
