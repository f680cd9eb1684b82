import type { PersonalBest, PublicProfile } from '@pbshare/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackgroundWork } from '../../background-work.js';
import { createJobRunner, type JobOutcome, type JobRunner } from '../../jobs/jobs.js';
import { uploadTmpDir } from '../../media/stale-uploads.js';
import { requireFfmpeg } from '../../media/video/ffmpeg-binaries.js';
import { VideoProcessor } from '../../media/video/video-processor.js';
import { LocalStorage } from '../../storage/local-storage.js';
import { bearer } from '../../test/accounts.js';
import { useSignedInUser, useTestApp } from '../../test/file-hooks.js';
import { formData, type Upload } from '../../test/form-data.js';
import { jobsSettled } from '../../test/jobs.js';
import { waitUntil } from '../../test/wait-until.js';
import { createPb, fixture } from '../../test/pbs.js';
import { PbsRepository } from './repository.js';
import { videoJob } from './video-job.js';

// No worker in the app: each test runs the jobs itself, with the processor it needs.
const t = useTestApp({
  jobs: { inProcess: false, concurrency: 1, pollMs: 20, backoffMs: 10, leaseMs: 5000 },
});
const me = useSignedInUser(t);
const runners: JobRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});

const videos = () =>
  new VideoProcessor(
    requireFfmpeg({ ffmpeg: undefined, ffprobe: undefined }),
    uploadTmpDir(t.config.dataDir),
  );

/** A processor whose renditions always fail, as ffmpeg does on a clip it cannot finish. */
class BrokenProcessor extends VideoProcessor {
  override rendition(): never {
    throw new Error('ffmpeg failed: exit code 1');
  }
}

function start(runner: JobRunner): JobRunner {
  runners.push(runner);
  runner.start();
  return runner;
}

/** The edit form's save with a new file, as 'Replace video' leads to. */
async function replaceMedia(id: string, fields: Record<string, string>, upload: Upload) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/pbs',
    headers: bearer(me),
    payload: formData({ isEditMode: 'true', id, ...fields }, [upload]),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: PersonalBest }>().data;
}

/** The server's own background work, with the real ffmpeg. */
function startWorker(onFinished?: (outcome: JobOutcome) => void): void {
  start(
    createBackgroundWork({
      config: t.config,
      database: t.database,
      storage: new LocalStorage(t.config.dataDir),
      videos: videos(),
      log: t.app.log,
      ...(onFinished && { onFinished }),
    }),
  );
}

const read = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/v1/pbs/${id}`, headers: bearer(me) })).json<{
    data: PersonalBest;
  }>().data;
const publicIds = async () =>
  (await t.app.inject({ method: 'GET', url: `/v1/pbs/user/${me.displayName}` }))
    .json<{ data: PublicProfile }>()
    .data.pbs.map((pb) => pb.id);

describe('the video job', { timeout: 60_000 }, () => {
  it('parks a video it cannot process: the owner is told, visitors never see it, and new media starts over', async () => {
    const pb = await createPb(t.app, me, { title: 'Run', category: 'Running', value: '0:22:48' }, [
      { data: fixture('v29.mp4'), contentType: 'video/mp4' },
    ]);
    expect(pb.media.status).toBe('processing');
    const broken = new BrokenProcessor(
      requireFfmpeg({ ffmpeg: undefined, ffprobe: undefined }),
      uploadTmpDir(t.config.dataDir),
    );
    const outcomes: string[] = [];
    start(
      createJobRunner({
        database: t.database,
        definitions: [
          videoJob({
            pbs: new PbsRepository(t.database),
            storage: new LocalStorage(t.config.dataDir),
            videos: broken,
            tmpDir: uploadTmpDir(t.config.dataDir),
          }),
        ],
        concurrency: 1,
        log: t.app.log,
        pollMs: 20,
        backoffMs: 10,
        onFinished: (o) => outcomes.push(o.outcome),
      }),
    );
    // 'parked' is reported after the parked hook has marked the record.
    await waitUntil('the job is parked', () => outcomes.length === 3, 20_000);
    expect(outcomes).toEqual(['retry', 'retry', 'parked']);
    const failed = await read(pb.id);
    expect(failed.media.status).toBe('failed');
    expect(failed.media.fullUrl).toBe(failed.media.posterUrl);
    expect(await publicIds()).not.toContain(pb.id);

    // Replacing the media (the card's 'Replace video') processes the new file.
    const replaced = await replaceMedia(
      pb.id,
      { title: 'Run', category: 'Running', value: '0:22:48' },
      { data: fixture('v5.mov'), contentType: 'video/quicktime' },
    );
    expect(replaced.media.status).toBe('processing');
    await runners.splice(0)[0]?.stop();
    startWorker();
    await jobsSettled(t.database.db);
    expect((await read(pb.id)).media.status).toBe('ready');
    expect(await publicIds()).toContain(pb.id);
  });

  it('leaves a record whose media was replaced while its job waited', async () => {
    const pb = await createPb(
      t.app,
      me,
      { title: 'Swim', category: 'Swimming', value: '0:02:10' },
      [{ data: fixture('v29.mp4'), contentType: 'video/mp4' }],
    );
    const replaced = await replaceMedia(
      pb.id,
      { title: 'Swim', category: 'Swimming', value: '0:02:10' },
      { data: fixture('v3.webm'), contentType: 'video/webm' },
    );
    expect(replaced.media.status).toBe('processing');
    const outcomes: string[] = [];
    startWorker((o) => outcomes.push(o.outcome));
    await jobsSettled(t.database.db);
    // Both jobs ran and succeeded; only the second one's original was still the record's.
    expect(outcomes).toEqual(['done', 'done']);
    const ready = await read(pb.id);
    expect(ready.media.status).toBe('ready');
    const files = await t.database.db
      .selectFrom('pb_records')
      .select(['original_key', 'media_key'])
      .where('id', '=', pb.id)
      .executeTakeFirstOrThrow();
    expect(files.original_key).toMatch(/\.webm$/);
    expect(files.media_key).toMatch(/\/r-[0-9a-f]{16}\/video\.mp4$/);
  });
});
