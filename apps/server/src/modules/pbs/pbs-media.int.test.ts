import type { PersonalBest } from '@pbshare/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { injectAs, newSignedInUser, PASSWORD } from '../../test/accounts.js';
import { useSignedInUser, useTestApp } from '../../test/file-hooks.js';
import { fixture, jpegWithGps, postPb, storedFiles, weightFields } from '../../test/pbs.js';

const t = useTestApp();
// Pro, so the many exercises of this file do not meet the free cap.
const me = useSignedInUser(t, { pro: true });

let n = 0;
const runFields = () => ({ title: `Run ${++n}`, category: 'Running', value: '0:22:48' });
const media = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('images', () => {
  it('come out as WebP renditions with no metadata, GPS included', async () => {
    const res = await postPb(t.app, me, weightFields('Photo test'), [
      { data: await jpegWithGps(2400, 1600), contentType: 'image/jpeg', filename: 'IMG_0001.JPG' },
    ]);
    expect(res.statusCode).toBe(201);
    const pb = res.json<{ data: PersonalBest }>().data;
    expect(pb.media).toMatchObject({ type: 'image', width: 1080, height: 720 });

    for (const [url, width] of [
      [pb.media.fullUrl, 1080],
      [pb.media.cardUrl ?? '', 480],
    ] as const) {
      const file = await media(url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.width).toBe(width);
      expect(meta.exif).toBeUndefined();
      expect(file.rawPayload.toString('latin1')).not.toMatch(/SecretCam|51\.5074/);
    }
  });

  it("refuse a script dressed up as an image, with the spec's message", async () => {
    const before = storedFiles(t.config.dataDir).length;
    const res = await postPb(t.app, me, weightFields('Script'), [
      {
        data: Buffer.from('<script>alert(document.cookie)</script>'.repeat(200)),
        contentType: 'image/jpeg',
        filename: 'pb.jpg',
      },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Please select an image or video file.',
    });
    expect(storedFiles(t.config.dataDir)).toHaveLength(before);
  });

  it('are required on a new PB', async () => {
    const res = await postPb(t.app, me, weightFields('No proof'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Please upload an image or video to save your personal best',
    });
  });
});

describe('videos', () => {
  it("up to 30 s are stored as they are, with the browser's poster as WebP", async () => {
    const res = await postPb(t.app, me, runFields(), [
      { data: fixture('v29.mp4'), contentType: 'video/mp4', filename: 'run.mp4' },
      { name: 'poster', data: await jpegWithGps(640, 360), contentType: 'image/jpeg' },
    ]);
    expect(res.statusCode).toBe(201);
    const pb = res.json<{ data: PersonalBest }>().data;
    expect(pb.mediaType).toBe('video');
    expect(pb.media.fullUrl).toMatch(/\/video\.mp4$/);
    expect(pb.media.posterUrl).toMatch(/\/poster\.webp$/);
    expect(pb.media.cardUrl).toBe(pb.media.posterUrl);

    const video = await media(pb.media.fullUrl);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.rawPayload.equals(fixture('v29.mp4'))).toBe(true);

    const ranged = await media(pb.media.fullUrl, { range: 'bytes=100-199' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 100-199/${fixture('v29.mp4').length}`);
    expect(ranged.rawPayload.equals(fixture('v29.mp4').subarray(100, 200))).toBe(true);

    const poster = await sharp((await media(pb.media.posterUrl ?? '')).rawPayload).metadata();
    expect(poster.exif).toBeUndefined();
  });

  it("over 30 s are refused with the spec's message and leave nothing behind", async () => {
    const before = storedFiles(t.config.dataDir).length;
    const res = await postPb(t.app, me, runFields(), [
      { data: fixture('v31.mp4'), contentType: 'video/mp4' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Video must be 30 seconds or less.' });
    expect(storedFiles(t.config.dataDir)).toHaveLength(before);
  });

  it('in MOV and WebM containers are accepted too', async () => {
    for (const [name, type, ext] of [
      ['v5.mov', 'video/quicktime', 'mov'],
      ['v3.webm', 'video/webm', 'webm'],
    ] as const) {
      const res = await postPb(t.app, me, runFields(), [
        { data: fixture(name), contentType: type },
      ]);
      expect(res.statusCode, name).toBe(201);
      const pb = res.json<{ data: PersonalBest }>().data;
      expect(pb.media.fullUrl).toMatch(new RegExp(`/video\\.${ext}$`));
      expect(pb.media.posterUrl).toBeNull();
      expect((await media(pb.media.fullUrl)).headers['content-type']).toBe(type);
    }
  });

  it('over 100 MB are answered 413 and no partial file is left', async () => {
    const before = storedFiles(t.config.dataDir).length;
    const huge = Buffer.concat([
      fixture('v29.mp4'),
      Buffer.alloc(101 * 1024 * 1024 - fixture('v29.mp4').length),
    ]);
    const res = await postPb(t.app, me, runFields(), [{ data: huge, contentType: 'video/mp4' }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Videos can be at most 100 MB.',
    });
    expect(storedFiles(t.config.dataDir)).toHaveLength(before);
  }, 30_000);

  it('an image over 20 MB is answered 413 as soon as it is known to be an image', async () => {
    const jpeg = await jpegWithGps(64, 64);
    const res = await postPb(t.app, me, weightFields('Big photo'), [
      { data: Buffer.concat([jpeg, Buffer.alloc(21 * 1024 * 1024)]), contentType: 'image/jpeg' },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: 'Images can be at most 20 MB.' });
  });
});

describe('files follow their records', () => {
  it('are removed with the account', async () => {
    const other = await newSignedInUser(t);
    const before = storedFiles(t.config.dataDir).length;
    const res = await postPb(t.app, other, weightFields('Gone soon'), [
      { data: await jpegWithGps(200, 200) },
    ]);
    expect(res.statusCode).toBe(201);
    expect(storedFiles(t.config.dataDir)).toHaveLength(before + 2);
    const del = await injectAs(t.app, other, 'DELETE', '/v1/users', { password: PASSWORD });
    expect(del.statusCode).toBe(200);
    expect(storedFiles(t.config.dataDir)).toHaveLength(before);
  });
});
