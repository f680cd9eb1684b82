import type { PersonalBest, PublicProfile } from '@pbshare/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner } from '../../jobs/jobs.js';
import { uploadTmpDir } from '../../media/stale-uploads.js';
import { requireFfmpeg } from '../../media/video/ffmpeg-binaries.js';
import { VideoProcessor } from '../../media/video/video-processor.js';
import { LocalStorage } from '../../storage/local-storage.js';
import { bearer, newSignedInUser, register, signIn, type SignedIn } from '../../test/accounts.js';
import { createPb, fixture, weightFields } from '../../test/pbs.js';
import { startS3Peer, type S3Peer } from '../../test/s3-peer.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { waitUntil } from '../../test/wait-until.js';
import { PbsRepository } from './repository.js';
import { videoJob } from './video-job.js';

// Hiding a PB moves the files visitors could fetch to new keys: an address kept from when it was
// public (a saved link, a screenshot of devtools) answers 404, while the owner sees the same
// pictures under the new addresses. On local disk and in a bucket.

let peer: S3Peer;
beforeAll(async () => {
  peer = await startS3Peer(['hide-media']);
});
afterAll(() => peer.close());

const stores = [
  ['local disk', () => ({})],
  ['a bucket', () => ({ storage: { kind: 's3' as const, ...peer.config('hide-media') } })],
] as const;

const urlsOf = (pb: Pick<PersonalBest, 'media'>) =>
  [pb.media.fullUrl, pb.media.cardUrl, pb.media.posterUrl].filter(
    (url): url is string => typeof url === 'string' && url.length > 0,
  );

describe.each(stores)('hiding a PB, media on %s', (_name, storage) => {
  let t: TestApp;
  let me: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(storage());
    me = await newSignedInUser(t);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const visibility = (id: string, isVisible: boolean) =>
    t.app.inject({
      method: 'PATCH',
      url: '/v1/pbs/visibility',
      headers: bearer(me),
      payload: { id, isVisible },
    });
  const own = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/v1/pbs/${id}`, headers: bearer(me) })).json<{
      data: PersonalBest;
    }>().data;

  it('makes every address of the exercise it had unreachable, and the owner keeps the pictures', async () => {
    await createPb(t.app, me, { ...weightFields('Hidden lift', '100 kg'), date: '2025-01-05' });
    const current = await createPb(t.app, me, weightFields('Hidden lift', '120 kg'));
    const older = current.personalBestHistory[0];
    if (!older) throw new Error('the second record made no history');
    const before = [...urlsOf(current), ...urlsOf(older)];
    const bytesBefore = (await get(current.media.fullUrl)).rawPayload;
    for (const url of before) expect((await get(url)).statusCode, url).toBe(200);
    const publicBefore = (await get(`/v1/pbs/user/${me.displayName}`)).body;
    expect(publicBefore).toContain(current.media.fullUrl);

    const hidden = await visibility(current.id, false);
    expect(hidden.statusCode, hidden.body).toBe(200);
    for (const url of before) expect((await get(url)).statusCode, url).toBe(404);

    const mine = await own(current.id);
    const after = [...urlsOf(mine), ...urlsOf(await own(older.id))];
    expect(after).toHaveLength(before.length);
    for (const url of after) {
      expect(before).not.toContain(url);
      expect((await get(url)).statusCode, url).toBe(200);
    }
    expect((await get(mine.media.fullUrl)).rawPayload.equals(bytesBefore)).toBe(true);
    expect((await get(`/v1/pbs/user/${me.displayName}`)).body).not.toContain(current.media.fullUrl);

    // Shown again, it is public under the new addresses; hiding it again moves them once more.
    expect((await visibility(current.id, true)).statusCode).toBe(200);
    const shown = (await get(`/v1/pbs/user/${me.displayName}`)).json<{ data: PublicProfile }>();
    const card = shown.data.pbs.find((pb) => pb.id === current.id);
    expect(card?.media.fullUrl).toBe(mine.media.fullUrl);
    expect((await visibility(current.id, false)).statusCode).toBe(200);
    expect((await get(mine.media.fullUrl)).statusCode).toBe(404);
    expect((await get((await own(current.id)).media.fullUrl)).statusCode).toBe(200);
  });

  it('leaves the keys of a PB that was already hidden alone', async () => {
    const pb = await createPb(t.app, me, weightFields('Twice hidden'));
    expect((await visibility(pb.id, false)).statusCode).toBe(200);
    const first = (await own(pb.id)).media.fullUrl;
    expect((await visibility(pb.id, false)).statusCode).toBe(200);
    expect((await own(pb.id)).media.fullUrl).toBe(first);
  });
});

describe('hiding a PB whose video is being processed', { timeout: 60_000 }, () => {
  let t: TestApp;
  let me: SignedIn;
  beforeAll(async () => {
    // No worker in the app: the test runs the job itself, holding it mid-way.
    t = await createTestApp({
      jobs: { inProcess: false, concurrency: 1, pollMs: 20, backoffMs: 10, leaseMs: 30_000 },
    });
    // Verified by hand: with no worker, no account mail goes out to follow.
    const account = await register(t.app);
    await t.database.db
      .updateTable('users')
      .set({ email_verified_at: new Date().toISOString() })
      .where('email', '=', account.email)
      .execute();
    me = await signIn(t.app, account);
  });
  afterAll(() => t.close());

  it('publishes the rendition the job made after hiding moved the poster', async () => {
    const pb = await createPb(t.app, me, { title: 'Run', category: 'Running', value: '0:22:48' }, [
      { data: fixture('v29.mp4'), contentType: 'video/mp4' },
    ]);
    expect(pb.media.status).toBe('processing');

    // A processor that waits, once it is asked, until the PB has been hidden.
    let started = false;
    let release: () => void = () => undefined;
    const hiddenNow = new Promise<void>((resolve) => {
      release = resolve;
    });
    class HeldProcessor extends VideoProcessor {
      override async rendition(...args: Parameters<VideoProcessor['rendition']>) {
        started = true;
        await hiddenNow;
        return super.rendition(...args);
      }
    }
    const outcomes: string[] = [];
    const runner = createJobRunner({
      database: t.database,
      definitions: [
        videoJob({
          pbs: new PbsRepository(t.database),
          storage: new LocalStorage(t.config.dataDir),
          videos: new HeldProcessor(
            requireFfmpeg({ ffmpeg: undefined, ffprobe: undefined }),
            uploadTmpDir(t.config.dataDir),
          ),
          tmpDir: uploadTmpDir(t.config.dataDir),
        }),
      ],
      concurrency: 1,
      log: t.app.log,
      pollMs: 20,
      backoffMs: 10,
      onFinished: (o) => outcomes.push(o.outcome),
    });
    runner.start();
    try {
      await waitUntil('the job has read the record', () => started, 20_000);
      const hidden = await t.app.inject({
        method: 'PATCH',
        url: '/v1/pbs/visibility',
        headers: bearer(me),
        payload: { id: pb.id, isVisible: false },
      });
      expect(hidden.statusCode, hidden.body).toBe(200);
      const moved = hidden.json<{ data: PersonalBest }>().data;
      expect(moved.media.posterUrl).not.toBe(pb.media.posterUrl);
      release();
      await waitUntil('the job finished', () => outcomes.length > 0, 40_000);
    } finally {
      release();
      await runner.stop();
    }
    expect(outcomes).toEqual(['done']);
    const ready = (
      await t.app.inject({ method: 'GET', url: `/v1/pbs/${pb.id}`, headers: bearer(me) })
    ).json<{ data: PersonalBest }>().data;
    expect(ready.media.status).toBe('ready');
    expect(ready.media.fullUrl).toMatch(/\/r-[0-9a-f]{16}\/video\.mp4$/);
    expect(ready.media.posterUrl).not.toBe(pb.media.posterUrl);
    expect((await t.app.inject({ method: 'GET', url: ready.media.fullUrl })).statusCode).toBe(200);
    for (const url of [pb.media.posterUrl, pb.media.cardUrl]) {
      if (url) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
