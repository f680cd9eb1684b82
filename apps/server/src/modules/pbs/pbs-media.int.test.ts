import { MEDIA_MESSAGES, VIDEO_MAX_BYTES, type PersonalBest } from '@pbshare/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { injectAs, newSignedInUser, PASSWORD } from '../../test/accounts.js';
import { useSignedInUser, useTestApp } from '../../test/file-hooks.js';
import {
  createPb,
  fixture,
  jpegWithGps,
  postPb,
  settledPb,
  storedFiles,
  weightFields,
} from '../../test/pbs.js';

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
  it('save at once with a server-made poster; the rendition replaces it once processed', async () => {
    const res = await postPb(t.app, me, runFields(), [
      { data: fixture('v29.mp4'), contentType: 'video/mp4', filename: 'run.mp4' },
      // A poster drawn by an older client is read and not used.
      { name: 'poster', data: await jpegWithGps(640, 360), contentType: 'image/jpeg' },
    ]);
    expect(res.statusCode).toBe(201);
    const saved = res.json<{ data: PersonalBest }>().data;
    expect(saved.mediaType).toBe('video');
    expect(saved.media.status).toBe('processing');
    expect(saved.media.posterUrl).toMatch(/\/poster\.webp$/);
    expect(saved.media.cardUrl).toMatch(/\/card\.webp$/);
    // Until the rendition exists every link is the poster: nothing unplayable is handed out.
    expect(saved.media.fullUrl).toBe(saved.media.posterUrl);
    const poster = await media(saved.media.posterUrl ?? '');
    expect(poster.headers['content-type']).toBe('image/webp');
    const posterMeta = await sharp(poster.rawPayload).metadata();
    expect(posterMeta.exif).toBeUndefined();
    expect(posterMeta.width / posterMeta.height).toBeCloseTo(1, 1); // the clip is 64x64

    const pb = await settledPb(t.app, me, saved.id);
    expect(pb.media.status).toBe('ready');
    expect(pb.media.fullUrl).toMatch(/\/video\.mp4$/);
    expect(pb.media.posterUrl).toBe(saved.media.posterUrl);
    const video = await media(pb.media.fullUrl);
    expect(video.headers['content-type']).toBe('video/mp4');
    const ranged = await media(pb.media.fullUrl, { range: 'bytes=100-199' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 100-199/${video.rawPayload.length}`);
    expect(ranged.rawPayload.equals(video.rawPayload.subarray(100, 200))).toBe(true);
  });

  it('keep the upload privately: the original is never served', async () => {
    const saved = await createPb(t.app, me, runFields(), [
      { data: fixture('v29.mp4'), contentType: 'video/mp4' },
    ]);
    await settledPb(t.app, me, saved.id);
    const originals = storedFiles(t.config.dataDir).filter((f) => f.startsWith('media/originals/'));
    expect(originals.length).toBeGreaterThan(0);
    for (const file of originals) {
      const key = file.replace(/^media\//, '');
      expect((await media(`/media/${key}`)).statusCode).toBe(404);
      expect((await media(`/media/${key.replace('o', '%6F')}`)).statusCode).toBe(404);
    }
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

  it('in MOV and WebM containers are accepted too, and come out as MP4', async () => {
    for (const name of ['v5.mov', 'v3.webm'] as const) {
      const type = name.endsWith('.mov') ? 'video/quicktime' : 'video/webm';
      const saved = await createPb(t.app, me, runFields(), [
        { data: fixture(name), contentType: type },
      ]);
      const pb = await settledPb(t.app, me, saved.id);
      expect(pb.media.status, name).toBe('ready');
      expect(pb.media.fullUrl).toMatch(/\/video\.mp4$/);
      expect((await media(pb.media.fullUrl)).headers['content-type']).toBe('video/mp4');
    }
  });

  it('over the video limit are answered 413 and no partial file is left', async () => {
    const before = storedFiles(t.config.dataDir).length;
    const huge = Buffer.concat([
      fixture('v29.mp4'),
      Buffer.alloc(VIDEO_MAX_BYTES + 1024 * 1024 - fixture('v29.mp4').length),
    ]);
    const res = await postPb(t.app, me, runFields(), [{ data: huge, contentType: 'video/mp4' }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      message: MEDIA_MESSAGES.videoTooLarge,
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
