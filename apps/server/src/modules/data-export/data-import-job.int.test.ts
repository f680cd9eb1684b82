import type { DataImportStatus } from '@pbshare/shared';
import { rm } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBackgroundWork } from '../../background-work.js';
import type { JobRunner } from '../../jobs/jobs.js';
import { PbMediaStore } from '../../media/pb-media.js';
import { uploadTmpDir } from '../../media/stale-uploads.js';
import { UploadLimiter } from '../../media/upload-limiter.js';
import { requireFfmpeg } from '../../media/video/ffmpeg-binaries.js';
import { VideoProcessor } from '../../media/video/video-processor.js';
import { LocalStorage } from '../../storage/local-storage.js';
import { bearer, newSignedInUser, type SignedIn } from '../../test/accounts.js';
import { useTestApp } from '../../test/file-hooks.js';
import { formData } from '../../test/form-data.js';
import { listPbs, storedFiles } from '../../test/pbs.js';
import { waitUntil } from '../../test/wait-until.js';
import { importAs } from '../../test/zip-archive.js';
import { IMPORT_BROKE_MESSAGE, IMPORT_UNDER_WAY_MESSAGE } from './import-checks.js';
import { imported, importEnded, latestImport, onePhotoArchive } from './import-waits.suite.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 30_000 });

/**
 * The app's jobs run in a runner of the test's own, which shares the app's upload slots (what
 * app-services.ts hands the in-process runner).
 */
const slots = new UploadLimiter();
const t = useTestApp(
  { jobs: { inProcess: false, concurrency: 1, pollMs: 20, backoffMs: 50, leaseMs: 5000 } },
  { uploads: slots },
);
let runner: JobRunner | undefined;
beforeAll(() => {
  runner = createBackgroundWork({
    config: t.config,
    database: t.database,
    storage: new LocalStorage(t.config.dataDir),
    videos: new VideoProcessor(
      requireFfmpeg({ ffmpeg: undefined, ffprobe: undefined }),
      uploadTmpDir(t.config.dataDir),
    ),
    log: t.app.log,
    // Sign-up mails are jobs too: they reach the app's capturing mailer.
    mailer: t.mail,
    uploads: slots,
  });
  runner.start();
});
afterAll(() => runner?.stop());
afterEach(() => {
  vi.restoreAllMocks();
});

const photo = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a6' } })
    .jpeg()
    .toBuffer();

async function userIdOf(session: SignedIn): Promise<string> {
  const row = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', session.email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Holds every PB media processing at its start until `release` is called. */
function holdMediaProcessing() {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let entered: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    entered = resolve;
  });
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with its `this` below
  const store = PbMediaStore.prototype.store;
  vi.spyOn(PbMediaStore.prototype, 'store').mockImplementation(async function (
    this: PbMediaStore,
    ...args: Parameters<PbMediaStore['store']>
  ) {
    entered();
    await gate;
    return store.apply(this, args);
  });
  return { started, release };
}

describe('the data-import job', () => {
  it('processes entries holding the same bytes once, and gives each record files of its own', async () => {
    const store = vi.spyOn(PbMediaStore.prototype, 'store');
    const me = await newSignedInUser(t, 'samebytes');
    const { ended } = await imported(
      t,
      me,
      await onePhotoArchive(await photo(), 20, { sameBytes: true }),
    );
    expect(ended).toMatchObject({ status: 'done', result: { importedRecords: 20 } });
    expect(store).toHaveBeenCalledTimes(1);
    const [pb] = await listPbs(t.app, me);
    const records = pb ? [pb, ...pb.personalBestHistory] : [];
    expect(records).toHaveLength(20);
    const urls = records.flatMap((r) => [r.image, r.media.cardUrl]);
    expect(new Set(urls).size).toBe(40);
    // The archive leaves the media store once the import has ended.
    await waitUntil('the archive is gone', () =>
      storedFiles(t.config.dataDir).every((f) => !f.includes('imports/')),
    );
  });

  it('ends as failed with a general message once an unexpected error outlasts the retries, leaving nothing', async () => {
    const me = await newSignedInUser(t, 'broken');
    const zip = await onePhotoArchive(await photo(), 2, { sameBytes: true });
    const before = storedFiles(t.config.dataDir).sort();
    // As the real store() does, the temp file goes whatever happens.
    vi.spyOn(PbMediaStore.prototype, 'store').mockImplementation(async (file) => {
      await rm(file.path, { force: true });
      throw new Error('disk went away');
    });
    const { ended } = await imported(t, me, zip);
    expect(ended).toMatchObject({ status: 'failed', message: IMPORT_BROKE_MESSAGE, result: null });
    expect(await listPbs(t.app, me)).toEqual([]);
    await waitUntil('the archive is gone', () =>
      storedFiles(t.config.dataDir).every((f) => !f.includes('imports/')),
    );
    expect(storedFiles(t.config.dataDir).sort()).toEqual(before);
  });

  it('answers 404 before any import, and 409 to a second import while one runs', async () => {
    const me = await newSignedInUser(t, 'twice');
    expect(await latestImport(t, me)).toBeUndefined();
    const zip = await onePhotoArchive(await photo(), 1);
    const held = holdMediaProcessing();
    const first = await importAs(t.app, me, zip);
    expect(first.statusCode, first.body).toBe(202);
    await held.started;
    expect(await latestImport(t, me)).toMatchObject({
      id: first.json<{ data: DataImportStatus }>().data.id,
      status: 'running',
    });
    const second = await importAs(t.app, me, zip);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      success: false,
      status: 409,
      code: 'CONFLICT',
      message: IMPORT_UNDER_WAY_MESSAGE,
    });
    held.release();
    expect(await importEnded(t, me)).toMatchObject({ status: 'done' });
  });

  it("holds one of the account's upload slots while it runs", async () => {
    const me = await newSignedInUser(t, 'slots');
    const userId = await userIdOf(me);
    const held = holdMediaProcessing();
    const accepted = await importAs(t.app, me, await onePhotoArchive(await photo(), 3));
    expect(accepted.statusCode, accepted.body).toBe(202);
    await held.started;

    // One upload in flight beside the import fills the account's two slots: the next is refused.
    const upload = slots.begin(userId);
    const avatar = () =>
      t.app.inject({
        method: 'PUT',
        url: '/v1/users',
        headers: bearer(me),
        payload: formData({ bio: 'hi' }, [{ data: Buffer.alloc(0), contentType: 'image/png' }]),
      });
    const refused = await avatar();
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json<{ message: string }>().message).toMatch(/You can upload 2 files at a time/);
    upload();

    held.release();
    expect(await importEnded(t, me)).toMatchObject({ status: 'done' });
    // The import gave its slot back: two at once are allowed again.
    slots.begin(userId)();
    const after = await avatar();
    expect(after.statusCode, after.body).toBe(200);
  });
});
