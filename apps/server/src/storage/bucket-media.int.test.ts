import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newSignedInUser, type SignedIn } from '../test/accounts.js';
import { expectFailure } from '../test/envelope.js';
import { createPb, fixture, settledPb, weightFields } from '../test/pbs.js';
import { startS3Peer, type S3Peer } from '../test/s3-peer.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { RANGE_REFUSAL_MESSAGE } from './range-refusal.js';
import { S3Storage } from './s3-storage.js';

/**
 * The app with its media in a bucket (an S3 protocol peer): uploads land there, /media streams
 * them back with the local store's headers and Range answers, and deleting a PB empties them.
 */

let peer: S3Peer;
let t: TestApp;
let me: SignedIn;
let bucket: S3Storage;
beforeAll(async () => {
  peer = await startS3Peer(['app-media']);
  const config = peer.config('app-media');
  bucket = new S3Storage(config);
  t = await createTestApp({ storage: { kind: 's3', ...config } });
  me = await newSignedInUser(t);
});
let peerClosed = false;
afterAll(async () => {
  await t.close();
  bucket.destroy();
  if (!peerClosed) await peer.close();
});

async function keysInBucket(): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of bucket.list()) keys.push(object.key);
  return keys.sort();
}

const keyOf = (url: string) => url.replace(/^\/media\//, '');

describe('media in a bucket', () => {
  it('stores a photo and serves it from /media with the caching headers', async () => {
    const pb = await createPb(t.app, me, weightFields('Bucket squat'));
    expect(pb.media.fullUrl).toMatch(/^\/media\/pbs\//);
    expect(await keysInBucket()).toEqual(expect.arrayContaining([keyOf(pb.media.fullUrl)]));

    const res = await t.app.inject({ method: 'GET', url: pb.media.fullUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers.etag).toBeTruthy();
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');

    const again = await t.app.inject({
      method: 'GET',
      url: pb.media.fullUrl,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers Range requests for video seeking, and 416 past the end', async () => {
    const saved = await createPb(t.app, me, weightFields('Bucket clean'), [
      { data: fixture('v29.mp4'), contentType: 'video/mp4', filename: 'clean.mp4' },
    ]);
    const url = (await settledPb(t.app, me, saved.id)).media.fullUrl;
    const video = (await t.app.inject({ method: 'GET', url })).rawPayload;

    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(part.rawPayload).toEqual(video.subarray(100, 200));

    const tail = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload).toEqual(video.subarray(video.length - 10));

    const past = await t.app.inject({
      method: 'GET',
      url,
      headers: { range: `bytes=${video.length + 10}-` },
    });
    expectFailure(past, 416, 'BAD_REQUEST', RANGE_REFUSAL_MESSAGE);
    expect(past.headers['content-range']).toBe(`bytes */${video.length}`);
    expect(past.headers['cache-control']).toBeUndefined();

    // Several ranges at once are not supported: the whole file, as HTTP allows.
    const multi = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-1,5-6' } });
    expect(multi.statusCode).toBe(200);
    expect(multi.rawPayload.length).toBe(video.length);

    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(video.length);
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers 404 in the envelope for a missing or malformed key', async () => {
    for (const url of [
      '/media/pbs/00000000-0000-4000-8000-000000000000/full.webp',
      '/media/A..b',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, status: 404 });
    }
  });

  it('removes a PB’s objects when the PB is deleted', async () => {
    const pb = await createPb(t.app, me, weightFields('Short-lived'));
    const key = keyOf(pb.media.fullUrl);
    expect(await keysInBucket()).toContain(key);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/v1/pbs/${pb.id}`,
      headers: bearer(me),
    });
    expect(res.statusCode).toBe(200);
    const left = await keysInBucket();
    expect(left.some((k) => k.startsWith(key.split('/').slice(0, 2).join('/')))).toBe(false);
  });

  it('/readyz checks the bucket, and says when it is the bucket that is gone', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', failing: [] });

    await peer.close();
    peerClosed = true;
    const gone = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(gone.statusCode).toBe(503);
    expect(gone.json()).toMatchObject({ status: 'unavailable', failing: ['storage'] });
  });
});
