import type { PersonalBest } from '@pbshare/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSignedInUser, useTestApp } from '../../test/file-hooks.js';
import { postPb, settledPb } from '../../test/pbs.js';
import {
  clipMaker,
  headerOnly,
  probeFile,
  testSource,
  turnedClockwise,
  videoPacketsHash,
} from '../../test/video-clips.js';
import { isFastStart } from './fast-start.js';
import type { VideoProbe } from './probe.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const t = useTestApp();
const me = useSignedInUser(t, { pro: true });
const clips = clipMaker();
afterAll(() => {
  clips.cleanup();
});

let n = 0;
const fields = () => ({ title: `Clip ${++n}`, category: 'Running', value: '0:22:48' });
const get = (url: string) => t.app.inject({ method: 'GET', url });

/** Uploads a clip, waits for its rendition and reads back what a visitor gets. */
async function processed(data: Buffer, contentType: string) {
  const res = await postPb(t.app, me, fields(), [{ data, contentType }]);
  expect(res.statusCode, res.body).toBe(201);
  const saved = res.json<{ data: PersonalBest }>().data;
  expect(saved.media.status).toBe('processing');
  const pb = await settledPb(t.app, me, saved.id, 60_000);
  expect(pb.media.status).toBe('ready');
  const rendition = (await get(pb.media.fullUrl)).rawPayload;
  const poster = (await get(pb.media.posterUrl ?? '')).rawPayload;
  return { pb, rendition, probe: await probeFile(rendition, clips.dir), poster };
}

/** Every rule of the rendition that plays everywhere, checked with ffprobe. */
async function expectPlaysEverywhere(
  rendition: Buffer,
  probe: VideoProbe,
  source: VideoProbe,
  size: { width: number; height: number },
) {
  expect(probe.codec).toBe('h264');
  expect(probe.profile).toBe('High');
  expect(probe.pixFmt).toBe('yuv420p');
  expect({ width: probe.width, height: probe.height }).toEqual(size);
  expect(probe.rotation).toBe(0);
  expect(probe.fps).toBeLessThanOrEqual(30.5);
  expect(Math.abs((probe.durationSeconds ?? 0) - (source.durationSeconds ?? 0))).toBeLessThan(0.1);
  const path = join(clips.dir, `fast-start-${++n}.mp4`);
  writeFileSync(path, rendition);
  expect(await isFastStart(path)).toBe(true);
  // No tag but the file type's and each track's handler (and the encoder's own name).
  expect(Object.keys(probe.formatTags).sort()).toEqual([
    'compatible_brands',
    'major_brand',
    'minor_version',
  ]);
  for (const tags of probe.streamTags) {
    for (const [tag, value] of Object.entries(tags)) {
      expect(['handler_name', 'vendor_id', 'language', 'encoder'], tag).toContain(tag);
      if (tag === 'encoder') expect(value).toMatch(/^Lavc/);
    }
  }
}

async function expectPoster(poster: Buffer, shape: 'landscape' | 'portrait') {
  const meta = await sharp(poster).metadata();
  expect(meta.format).toBe('webp');
  expect(meta.exif).toBeUndefined();
  const tall = meta.height > meta.width;
  expect(tall ? 'portrait' : 'landscape').toBe(shape);
}

describe('video renditions', { timeout: 120_000 }, () => {
  const made = new Map<string, Buffer>();
  const clip = (name: string): Buffer => {
    const data = made.get(name);
    if (!data) throw new Error(`clip ${name} was not made`);
    return data;
  };
  beforeAll(async () => {
    made.set(
      'hevc',
      await clips.make('hevc.mp4', [
        ...testSource('1920x1080', 30, 2),
        ...['-c:v', 'libx265', '-tag:v', 'hvc1', '-pix_fmt', 'yuv420p', '-x265-params'],
        ...['log-level=error', '-c:a', 'aac', '-shortest'],
      ]),
    );
    made.set(
      'hlg',
      await clips.make('hlg.mov', [
        ...testSource('1280x720', 30, 2),
        ...['-c:v', 'libx265', '-tag:v', 'hvc1', '-pix_fmt', 'yuv420p10le', '-x265-params'],
        'log-level=error:colorprim=bt2020:transfer=arib-std-b67:colormatrix=bt2020nc',
        ...['-color_primaries', 'bt2020', '-color_trc', 'arib-std-b67', '-colorspace', 'bt2020nc'],
        ...['-c:a', 'aac', '-shortest'],
      ]),
    );
    made.set(
      'portrait',
      turnedClockwise(
        await clips.make('portrait.mp4', [
          ...testSource('1280x720', 30, 2),
          ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
        ]),
      ),
    );
    made.set(
      'vfr',
      await clips.make('vfr.webm', [
        ...testSource('640x360', 60, 2, false),
        // 60 fps for the first second, 20 fps after: a variable frame rate, as browsers record.
        ...['-vf', 'select=if(lt(t\\,1)\\,1\\,not(mod(n\\,3)))', '-vsync', 'vfr'],
        ...['-c:v', 'libvpx-vp9', '-b:v', '400k', '-deadline', 'realtime'],
      ]),
    );
    made.set(
      'silent',
      await clips.make('silent.mp4', [
        ...testSource('1280x720', 30, 2, false),
        ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-preset', 'ultrafast'],
      ]),
    );
    made.set(
      'ready',
      await clips.make('ready.mp4', [
        ...testSource('1280x720', 30, 2),
        ...['-c:v', 'libx264', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-b:v', '1M'],
        ...['-c:a', 'aac', '-shortest', '-metadata', 'title=My lift'],
      ]),
    );
    made.set(
      'gps',
      await clips.make('gps.mov', [
        ...testSource('1280x720', 30, 2),
        ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-b:v', '1M', '-c:a', 'aac', '-shortest'],
        ...['-metadata', 'location=+48.8584+002.2945/', '-metadata', 'make=SecretPhone'],
        ...['-metadata', 'creation_time=2026-01-02T03:04:05Z'],
      ]),
    );
    made.set(
      'short',
      await clips.make('short.mp4', [
        ...testSource('320x240', 30, 1, false),
        ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'],
      ]),
    );
  }, 120_000);

  it('an 8-bit HEVC clip becomes H.264 High at 720p, with a poster made by the server', async () => {
    const source = await probeFile(clip('hevc'), clips.dir);
    expect(source.codec).toBe('hevc');
    const { probe, rendition, poster } = await processed(clip('hevc'), 'video/mp4');
    await expectPlaysEverywhere(rendition, probe, source, { width: 1280, height: 720 });
    expect(probe.audioCodec).toBe('aac');
    await expectPoster(poster, 'landscape');
  });

  it('a 10-bit HLG clip is tone-mapped to 8-bit BT.709', async () => {
    const source = await probeFile(clip('hlg'), clips.dir);
    expect(source.colorTransfer).toBe('arib-std-b67');
    const { probe, rendition, poster } = await processed(clip('hlg'), 'video/quicktime');
    await expectPlaysEverywhere(rendition, probe, source, { width: 1280, height: 720 });
    expect(probe.colorTransfer).toBe('bt709');
    await expectPoster(poster, 'landscape');
  });

  it('a portrait clip stays portrait, the rotation applied to the picture', async () => {
    const source = await probeFile(clip('portrait'), clips.dir);
    expect(source.rotation).toBe(90);
    const { pb, probe, rendition, poster } = await processed(clip('portrait'), 'video/mp4');
    await expectPlaysEverywhere(rendition, probe, source, { width: 720, height: 1280 });
    expect(pb.media.width).toBe(720);
    expect(pb.media.height).toBe(1280);
    await expectPoster(poster, 'portrait');
  });

  it('a variable-frame-rate WebM comes out as MP4 at no more than 30 fps', async () => {
    const source = await probeFile(clip('vfr'), clips.dir);
    const { probe, rendition } = await processed(clip('vfr'), 'video/webm');
    await expectPlaysEverywhere(rendition, probe, source, { width: 640, height: 360 });
    expect(probe.audioCodec).toBeNull();
  });

  it('a clip with no audio gets no audio track', async () => {
    const source = await probeFile(clip('silent'), clips.dir);
    const { probe, rendition } = await processed(clip('silent'), 'video/mp4');
    await expectPlaysEverywhere(rendition, probe, source, { width: 1280, height: 720 });
    expect(probe.audioCodec).toBeNull();
  });

  it('an H.264 clip that already plays everywhere is remuxed, not re-encoded', async () => {
    const source = await probeFile(clip('ready'), clips.dir);
    expect(source.formatTags.title).toBe('My lift');
    const { probe, rendition } = await processed(clip('ready'), 'video/mp4');
    await expectPlaysEverywhere(rendition, probe, source, { width: 1280, height: 720 });
    expect(await videoPacketsHash(rendition, clips.dir)).toBe(
      await videoPacketsHash(clip('ready'), clips.dir),
    );
  });

  it('the location, device and dates a phone writes never reach the rendition', async () => {
    const source = await probeFile(clip('gps'), clips.dir);
    expect(Object.keys(source.formatTags)).toEqual(
      expect.arrayContaining(['location', 'make', 'creation_time']),
    );
    expect(clip('gps').includes('\u00a9xyz', 0, 'latin1')).toBe(true);
    const { probe, rendition, poster } = await processed(clip('gps'), 'video/quicktime');
    await expectPlaysEverywhere(rendition, probe, source, { width: 1280, height: 720 });
    for (const file of [rendition, poster]) {
      const text = file.toString('latin1');
      expect(text).not.toContain('\u00a9xyz');
      expect(text).not.toContain('48.8584');
      expect(text).not.toContain('SecretPhone');
    }
  });

  it('a file with no decodable frame is refused and nothing is stored', async () => {
    const truncated = headerOnly(clip('short'));
    expect(truncated.includes('moov', 0, 'latin1')).toBe(true);
    const res = await postPb(t.app, me, fields(), [{ data: truncated, contentType: 'video/mp4' }]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'That video could not be read. Please try another one.',
    });
  });
});
