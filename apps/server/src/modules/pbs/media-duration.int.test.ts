import { randomUUID } from 'node:crypto';
import type { PublicProfile } from '@pbshare/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { uploadTmpDir } from '../../media/stale-uploads.js';
import { LocalStorage } from '../../storage/local-storage.js';
import { useSignedInUser, useTestApp } from '../../test/file-hooks.js';
import { jobsSettled } from '../../test/jobs.js';
import { createPb, fixture, listPbs, settledPb, weightFields } from '../../test/pbs.js';
import { clipMaker, testSource } from '../../test/video-clips.js';
import { PbsRepository } from './repository.js';
import { backfillVideos } from './video-backfill.js';
import { measureVideoLengths } from './video-lengths.js';

const t = useTestApp();
// Pro, so the exercises of this file do not meet the free cap.
const me = useSignedInUser(t, { pro: true });
const clips = clipMaker();
afterAll(() => {
  clips.cleanup();
});

let n = 0;
const runFields = () => ({ title: `Run ${++n}`, category: 'Running', value: '0:22:48' });
const publicPbs = async () =>
  (await t.app.inject({ method: 'GET', url: `/v1/pbs/user/${me.displayName}` })).json<{
    data: PublicProfile;
  }>().data.pbs;

describe('a video record says how long it plays', { timeout: 60_000 }, () => {
  it('from the upload, and still once processed, to the owner and to visitors', async () => {
    const saved = await createPb(t.app, me, runFields(), [
      { data: fixture('v3.webm'), contentType: 'video/webm' },
    ]);
    expect(saved.media.status).toBe('processing');
    expect(saved.media.durationSeconds).toBeCloseTo(3, 0);

    const pb = await settledPb(t.app, me, saved.id);
    expect(pb.media.status).toBe('ready');
    expect(pb.media.durationSeconds).toBeCloseTo(3, 0);
    const shown = (await publicPbs()).find((p) => p.id === saved.id);
    expect(shown?.media.durationSeconds).toBeCloseTo(3, 0);
  });

  it('for a record in the history too', async () => {
    const fields = runFields();
    const first = await createPb(t.app, me, fields, [
      { data: fixture('v29.mp4'), contentType: 'video/mp4' },
    ]);
    await createPb(t.app, me, { ...fields, value: '0:21:00' }, [
      { data: fixture('v3.webm'), contentType: 'video/webm' },
    ]);
    const card = (await listPbs(t.app, me)).find((p) => p.title === fields.title);
    const older = card?.personalBestHistory.find((r) => r.id === first.id);
    expect(older?.media.durationSeconds).toBeCloseTo(29, 0);
  });

  it('and a photo has no length', async () => {
    const photo = await createPb(t.app, me, weightFields('Photo length'));
    expect(photo.media.type).toBe('image');
    expect(photo.media.durationSeconds).toBeNull();
  });

  it('a video stored before lengths were kept gets its length from the backfilled job', async () => {
    const clip = await clips.make('legacy.mp4', [
      ...testSource('320x240', 30, 2),
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
    ]);
    const storage = new LocalStorage(t.config.dataDir);
    const legacyKey = `pbs/${randomUUID()}/video.mp4`;
    await storage.put(legacyKey, clip);
    const pb = await settledPb(
      t.app,
      me,
      (await createPb(t.app, me, runFields(), [{ data: clip, contentType: 'video/mp4' }])).id,
    );
    await t.database.db
      .updateTable('pb_records')
      .set({
        media_key: legacyKey,
        original_key: null,
        media_status: 'ready',
        media_duration_seconds: null,
      })
      .where('id', '=', pb.id)
      .execute();
    const before = (await listPbs(t.app, me)).find((p) => p.id === pb.id);
    expect(before?.media.durationSeconds).toBeNull();

    await backfillVideos({
      pbs: new PbsRepository(t.database),
      storage,
      tmpDir: uploadTmpDir(t.config.dataDir),
      log: { info: () => undefined },
    });
    await jobsSettled(t.database.db);
    const after = (await listPbs(t.app, me)).find((p) => p.id === pb.id);
    expect(after?.media.durationSeconds).toBeCloseTo(2, 0);
  });

  it('a processed video kept before lengths were is measured from its original by the backfill', async () => {
    const pb = await settledPb(
      t.app,
      me,
      (
        await createPb(t.app, me, runFields(), [
          { data: fixture('v3.webm'), contentType: 'video/webm' },
        ])
      ).id,
    );
    await t.database.db
      .updateTable('pb_records')
      .set({ media_duration_seconds: null })
      .where('id', '=', pb.id)
      .execute();
    const deps = {
      pbs: new PbsRepository(t.database),
      storage: new LocalStorage(t.config.dataDir),
      tmpDir: uploadTmpDir(t.config.dataDir),
      log: { info: () => undefined },
    };
    expect(await measureVideoLengths(deps)).toEqual({ measured: 1 });
    const after = (await listPbs(t.app, me)).find((p) => p.id === pb.id);
    expect(after?.media.durationSeconds).toBeCloseTo(3, 0);
    // Idempotent: a second run finds nothing left to measure.
    expect(await measureVideoLengths(deps)).toEqual({ measured: 0 });
  });
});
