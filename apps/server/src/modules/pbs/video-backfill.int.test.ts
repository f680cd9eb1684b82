import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PublicProfile } from '@pbshare/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { uploadTmpDir } from '../../media/stale-uploads.js';
import { LocalStorage } from '../../storage/local-storage.js';
import { useSignedInUser, useTestApp } from '../../test/file-hooks.js';
import { jobsSettled } from '../../test/jobs.js';
import { createPb, fixture, settledPb } from '../../test/pbs.js';
import { clipMaker, testSource } from '../../test/video-clips.js';
import { PbsRepository } from './repository.js';
import { backfillVideos } from './video-backfill.js';

const t = useTestApp();
const me = useSignedInUser(t);
const clips = clipMaker();
afterAll(() => {
  clips.cleanup();
});
const quiet = { info: () => undefined };
const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('npm run media:backfill', { timeout: 60_000 }, () => {
  it('blanks the location of videos stored as uploaded, then queues their renditions once', async () => {
    // A video as it was stored before processing existed: served as uploaded, no original kept.
    const phoneClip = await clips.make('gps.mov', [
      ...testSource('640x360', 30, 1),
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
      ...['-metadata', 'location=+48.8584+002.2945/'],
    ]);
    expect(phoneClip.includes('48.8584', 0, 'latin1')).toBe(true);
    const storage = new LocalStorage(t.config.dataDir);
    const legacyKey = `pbs/${randomUUID()}/video.mov`;
    await storage.put(legacyKey, phoneClip);
    const pb = await settledPb(
      t.app,
      me,
      (
        await createPb(t.app, me, { title: 'Run', category: 'Running', value: '0:22:48' }, [
          { data: fixture('v29.mp4'), contentType: 'video/mp4' },
        ])
      ).id,
    );
    await t.database.db
      .updateTable('pb_records')
      .set({ media_key: legacyKey, original_key: null, media_status: 'ready' })
      .where('id', '=', pb.id)
      .execute();

    const deps = {
      pbs: new PbsRepository(t.database),
      storage,
      tmpDir: uploadTmpDir(t.config.dataDir),
      log: quiet,
    };
    expect(await backfillVideos(deps)).toEqual({ queued: 1, blanked: 1 });

    // The blanked file is what visitors keep until the rendition is made (the job may already
    // have replaced it here), and its copy is the private original.
    const row = await t.database.db
      .selectFrom('pb_records')
      .select('original_key')
      .where('id', '=', pb.id)
      .executeTakeFirstOrThrow();
    const original = readFileSync(join(storage.root, row.original_key ?? ''));
    expect(original.includes('48.8584', 0, 'latin1')).toBe(false);
    expect(original.length).toBe(phoneClip.length);
    const served = await get(`/media/${legacyKey}`);
    if (served.statusCode === 200) expect(served.rawPayload.equals(original)).toBe(true);
    const publicPbs = async () =>
      (await get(`/v1/pbs/user/${me.displayName}`)).json<{ data: PublicProfile }>().data.pbs;
    expect((await publicPbs()).map((p) => p.id)).toContain(pb.id);

    await jobsSettled(t.database.db);
    const [shown] = await publicPbs();
    expect(shown?.media.status).toBe('ready');
    expect(shown?.media.fullUrl).toMatch(/\/r-[0-9a-f]{16}\/video\.mp4$/);
    expect((await get(shown?.media.fullUrl ?? '')).headers['content-type']).toBe('video/mp4');
    // The file as uploaded is no longer served; its copy is kept privately as the original.
    expect((await get(`/media/${legacyKey}`)).statusCode).toBe(404);

    // Idempotent: a second run finds nothing left to do.
    expect(await backfillVideos(deps)).toEqual({ queued: 0, blanked: 0 });
  });
});
