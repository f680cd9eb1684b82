import type { DataArchive, PersonalBest, User } from '@pbshare/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, grantProByHand, newSignedInUser, type SignedIn } from '../../test/accounts.js';
import { encodeForm, formData } from '../../test/form-data.js';
import { useTestApp } from '../../test/file-hooks.js';
import { createTestApp } from '../../test/test-app.js';
import {
  createPb,
  fixture,
  jpegWithGps,
  listPbs,
  settleAll,
  storedFiles,
  weightFields,
} from '../../test/pbs.js';
import {
  archiveJsonOf,
  exportAs,
  importAs,
  renameEntry,
  unzip,
  withDeclaredSize,
  withJson,
  zipOf,
} from '../../test/zip-archive.js';
import { imported } from './import-waits.suite.js';

const t = useTestApp();

// Each account here runs several uploads (sharp, a video read); a busy machine needs more than 5 s.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const runFields = (title = 'Morning Run') => ({
  title,
  category: 'Running',
  value: '0:22:48',
  date: '2026-02-01',
  story: 'Negative splits.',
});

async function setProfile(session: SignedIn, bio: string, avatar?: Buffer) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/v1/users',
    headers: bearer(session),
    payload: formData(
      { bio },
      avatar ? [{ data: avatar, contentType: 'image/png', filename: 'me.png' }] : [],
    ),
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function profileOf(session: SignedIn): Promise<User> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/v1/users/profile',
    headers: bearer(session),
  });
  return res.json<{ data: User }>().data;
}

/** An account with two exercises (one with history), a photo, a video with poster and an avatar. */
async function fullAccount(): Promise<SignedIn> {
  const me = await newSignedInUser(t, 'source');
  await setProfile(
    me,
    'Lifting since 2019.',
    await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer(),
  );
  await createPb(t.app, me, { ...weightFields('Deadlift', '200 kg'), date: '2026-01-10' });
  await createPb(t.app, me, { ...weightFields('Deadlift', '210 kg'), date: '2026-03-14' });
  await createPb(t.app, me, runFields(), [
    { data: fixture('v29.mp4'), contentType: 'video/mp4', filename: 'run.mp4' },
    { name: 'poster', data: await jpegWithGps(640, 360), contentType: 'image/jpeg' },
  ]);
  await settleAll(t.app, me);
  return me;
}

/** What must survive a round trip: everything but ids, paths and the moments of export. */
function contentOf(archive: DataArchive, files: Map<string, Buffer>) {
  return {
    bio: archive.profile.bio,
    hasAvatar: archive.profile.avatar !== null && files.has(archive.profile.avatar),
    exercises: archive.exercises.map(({ records, ...exercise }) => ({
      ...exercise,
      records: records.map(({ media, ...record }) => ({
        ...record,
        media: {
          type: media.type,
          hasCard: media.card !== null,
          hasPoster: media.poster !== null,
          // A video is stored as uploaded, so it comes back byte for byte.
          video: media.type === 'video' ? files.get(media.file)?.length : undefined,
        },
      })),
    })),
  };
}

async function exported(session: SignedIn) {
  const res = await exportAs(t.app, session);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const files = await unzip(res.rawPayload);
  return { res, files, archive: archiveJsonOf(files) };
}

describe('GET /v1/users/export', () => {
  it('answers 401 to a visitor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/users/export' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it('streams a ZIP with pbshare.json and every stored file', async () => {
    const me = await fullAccount();
    const { res, files, archive } = await exported(me);
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="pbshare-${me.displayName}-${day}.zip"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-encoding']).toBeUndefined();

    expect(archive).toMatchObject({
      format: 'pbshare-export',
      version: 1,
      profile: {
        username: me.displayName,
        bio: 'Lifting since 2019.',
        avatar: 'profile/avatar.webp',
        tier: 'free',
      },
    });
    expect(archive.exercises.map((e) => [e.title, e.order, e.records.length])).toEqual([
      ['Morning Run', 0, 1],
      ['Deadlift', 1, 2],
    ]);
    const [run, deadlift] = archive.exercises;
    expect(deadlift?.records.map((r) => [r.amount, r.unit, r.achievedOn, r.sets, r.reps])).toEqual([
      [200, 'kg', '2026-01-10', 1, 1],
      [210, 'kg', '2026-03-14', 1, 1],
    ]);
    const photo = deadlift?.records[0]?.media;
    expect(photo).toMatchObject({ type: 'image', poster: null });
    expect(photo?.file).toMatch(/^media\/[\w-]+\/full\.webp$/);
    expect(photo?.card).toMatch(/^media\/[\w-]+\/card\.webp$/);
    const video = run?.records[0]?.media;
    expect(video).toMatchObject({ type: 'video' });
    expect(video?.card).toMatch(/^media\/[\w-]+\/card\.webp$/);
    expect(video?.file).toMatch(/^media\/[\w-]+\/original\.mp4$/);
    expect(video?.poster).toMatch(/^media\/[\w-]+\/poster\.webp$/);
    expect(files.get(video?.file ?? '')).toEqual(fixture('v29.mp4'));
    expect((await sharp(files.get('profile/avatar.webp')).metadata()).format).toBe('webp');
    // Every path named is in the archive, and nothing else is but the JSON.
    const named = [
      'pbshare.json',
      'profile/avatar.webp',
      ...archive.exercises.flatMap((e) =>
        e.records.flatMap((r) => [r.media.file, r.media.card, r.media.poster]),
      ),
    ].filter((p): p is string => p !== null);
    expect([...files.keys()].sort()).toEqual(named.sort());
  });
});

describe('POST /v1/users/import', () => {
  let source: SignedIn;
  let original: Awaited<ReturnType<typeof exported>>;
  /** Takes every refused import of this file: none may leave anything behind. */
  let empty: SignedIn;

  beforeAll(async () => {
    source = await fullAccount();
    original = await exported(source);
    empty = await newSignedInUser(t, 'empty');
  });

  it('answers 401 to a visitor', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/users/import',
      payload: formData({}, [{ data: original.res.rawPayload, contentType: 'application/zip' }]),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it('round trip: a new account gets the same content, and exports it again', async () => {
    const target = await newSignedInUser(t, 'target');
    const { accepted, ended } = await imported(t, target, original.res.rawPayload);
    expect(accepted.json<{ message: string }>().message).toBe(
      'Your archive arrived. Its photos and videos are being imported.',
    );
    expect(ended).toMatchObject({
      status: 'done',
      message: 'Imported 2 exercises with 3 records.',
      result: { importedExercises: 2, importedRecords: 3, leftOutTitles: [] },
    });

    await settleAll(t.app, target);
    const profile = await profileOf(target);
    expect(profile.displayName).toBe(target.displayName);
    expect(profile.bio).toBe('Lifting since 2019.');
    expect(profile.profileImage).toMatch(/^\/media\/avatars\/[\w-]+\.webp$/);

    const again = await exported(target);
    expect(again.archive.profile.username).toBe(target.displayName);
    expect(contentOf(again.archive, again.files)).toEqual(
      contentOf(original.archive, original.files),
    );

    // The cards read the same too: order, values, current and history.
    const strip = (pbs: PersonalBest[]) =>
      pbs.map((pb) => ({
        title: pb.title,
        value: pb.value,
        date: pb.date,
        isVisible: pb.isVisible,
        mediaType: pb.mediaType,
        history: pb.personalBestHistory.map((h) => h.value),
      }));
    expect(strip(await listPbs(t.app, target))).toEqual(strip(await listPbs(t.app, source)));
  });

  it('re-makes photo renditions through the upload processing (never the archive copies)', async () => {
    const entries = new Map(original.files);
    const photo = original.archive.exercises[1]?.records[0]?.media;
    // A card of another size in the archive: the import must not keep it.
    entries.set(
      photo?.card ?? '',
      await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
        .webp()
        .toBuffer(),
    );
    const target = await newSignedInUser(t, 'renditions');
    const { ended } = await imported(t, target, await zipOf(entries));
    expect(ended.status, ended.message).toBe('done');
    await settleAll(t.app, target);
    const again = await exported(target);
    const card = again.files.get(again.archive.exercises[1]?.records[0]?.media.card ?? '');
    expect((await sharp(card).metadata()).width).toBe(320);
  });

  it('wants the archive as a multipart file part', async () => {
    const target = empty;
    const json = await t.app.inject({
      method: 'POST',
      url: '/v1/users/import',
      headers: bearer(target),
      payload: { archive: 'no' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/v1/users/import',
      headers: bearer(target),
      payload: formData({ note: 'forgot the file' }),
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({
      success: false,
      message: `Choose the .zip that 'Download my data' saved, in a part named "file".`,
    });
  });

  it('refuses an account that has a PB with 409, before reading the archive', async () => {
    const res = await importAs(t.app, source, original.res.rawPayload);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'CONFLICT',
      message:
        'Import works only into an account with no personal bests yet. Delete your PBs first, or import into a new account.',
    });
  });

  describe('tampered archives: a clear 4xx and nothing written', () => {
    const photoOf = (archive: DataArchive) => archive.exercises[1]?.records[0]?.media;
    const cases: [string, () => Promise<Buffer>, number, RegExp][] = [
      ['not a ZIP', async () => Buffer.from('just some text, not an archive'), 415, /not a ZIP/],
      [
        'bad JSON',
        async () => {
          const entries = new Map(original.files);
          entries.set('pbshare.json', Buffer.from('{"format": "pbshare-export", '));
          return zipOf(entries);
        },
        400,
        /pbshare\.json in the archive is not valid JSON/,
      ],
      [
        'an unknown version',
        async () => zipOf(withJson(original.files, { ...original.archive, version: 2 })),
        400,
        /made by a newer PBShare \(format version 2\)/,
      ],
      [
        'wrong types',
        async () => {
          const archive = structuredClone(original.archive);
          (archive.exercises[0]?.records[0] as unknown as Record<string, unknown>).amount = 'fast';
          return zipOf(withJson(original.files, archive));
        },
        400,
        /not as PBShare writes it at exercises\.0\.records\.0\.amount/,
      ],
      [
        'a value the PB rules refuse',
        async () => {
          const archive = structuredClone(original.archive);
          const record = archive.exercises[1]?.records[0];
          if (record) record.amount = -5;
          return zipOf(withJson(original.files, archive));
        },
        400,
        /Deadlift \(2026-01-10\): The weight must be more than 0/,
      ],
      [
        'a missing media file',
        async () => {
          const entries = new Map(original.files);
          entries.delete(photoOf(original.archive)?.file ?? '');
          return zipOf(entries);
        },
        400,
        /Deadlift \(2026-01-10\): media\/[\w-]+\/full\.webp is missing from the archive/,
      ],
      [
        'a path traversal name',
        async () => {
          const entries = new Map(original.files);
          entries.set('xxxxxxxx/evil.sh', Buffer.from('#!/bin/sh\necho owned\n'));
          return renameEntry(await zipOf(entries), 'xxxxxxxx/evil.sh', '../../../evil.sh');
        },
        400,
        /unsafe name \("\.\.\/\.\.\/\.\.\/evil\.sh"\)/,
      ],
      [
        'an absolute path',
        async () => {
          const entries = new Map(original.files);
          entries.set('etc/passwd.txt', Buffer.from('root:x:0:0'));
          return renameEntry(await zipOf(entries), 'etc/passwd.txt', '/tmp/pwned.txt');
        },
        400,
        /unsafe name/,
      ],
      [
        'an entry that unpacks to other than it declares',
        async () => {
          const zip = await zipOf(original.files);
          const size = original.files.get('pbshare.json')?.length ?? 0;
          return withDeclaredSize(zip, 'pbshare.json', size - 10);
        },
        400,
        /The archive is damaged/,
      ],
      [
        'a zip bomb (an entry that grows over 100 times)',
        async () => {
          const entries = new Map(original.files);
          entries.delete('pbshare.json');
          const bomb = new Map([
            ['pbshare.json', original.files.get('pbshare.json') ?? Buffer.alloc(0)],
          ]);
          // Deflated (a .json name), 8 MB of zeros take a few kilobytes.
          bomb.set('media/bomb/padding.json', Buffer.alloc(8 * 1024 * 1024));
          for (const [name, data] of entries) bomb.set(name, data);
          return zipOf(bomb);
        },
        413,
        /unpacks to far more than it takes in the archive/,
      ],
    ];

    it.each(cases)('%s: refused when it arrives', async (_label, make, status, message) => {
      const target = empty;
      const before = storedFiles(t.config.dataDir).sort();
      const profileBefore = await profileOf(target);
      const res = await importAs(t.app, target, await make());
      expect(res.statusCode, res.body).toBe(status);
      const body = res.json<{ success: boolean; message: string; code: string }>();
      expect(body.success).toBe(false);
      expect(body.message).toMatch(message);
      expect(body.message).toMatch(/Nothing was imported\.$/);
      expect(await listPbs(t.app, target)).toEqual([]);
      expect(await profileOf(target)).toEqual(profileBefore);
      expect(storedFiles(t.config.dataDir).sort()).toEqual(before);
    });

    // Media are read by the job: these are accepted (202), then the import ends as failed.
    const mediaCases: [string, () => Promise<Buffer>, RegExp][] = [
      [
        'a file that is not the media it claims',
        async () => {
          const entries = new Map(original.files);
          entries.set(
            photoOf(original.archive)?.file ?? '',
            Buffer.from('<script>alert(1)</script>'.repeat(300)),
          );
          return zipOf(entries);
        },
        /Deadlift \(2026-01-10\): Please select an image or video file\./,
      ],
      [
        'an avatar that is not a picture',
        async () => {
          const entries = new Map(original.files);
          entries.set('profile/avatar.webp', fixture('v29.mp4'));
          return zipOf(entries);
        },
        /^Your avatar: Please choose a JPEG, PNG, WebP, GIF or AVIF image\./,
      ],
      [
        'a photo said to be a video',
        async () => {
          const archive = structuredClone(original.archive);
          const media = photoOf(archive);
          if (media) media.type = 'video';
          return zipOf(withJson(original.files, archive));
        },
        /the file is a photo, but pbshare\.json says it is a video/,
      ],
    ];

    it.each(mediaCases)('%s: the import fails', async (_label, make, message) => {
      const target = empty;
      const before = storedFiles(t.config.dataDir).sort();
      const profileBefore = await profileOf(target);
      const { ended } = await imported(t, target, await make());
      expect(ended.status).toBe('failed');
      expect(ended.result).toBeNull();
      expect(ended.message).toMatch(message);
      expect(ended.message).toMatch(/Nothing was imported\.$/);
      expect(await listPbs(t.app, target)).toEqual([]);
      expect(await profileOf(target)).toEqual(profileBefore);
      expect(storedFiles(t.config.dataDir).sort()).toEqual(before);
    });
  });

  it('a failure after some media were stored removes them (the last record is bad)', async () => {
    const archive = structuredClone(original.archive);
    // The photo of the last record is swapped for text: the video and first photo go in first.
    const last = archive.exercises[1]?.records[1]?.media.file ?? '';
    const entries = new Map(original.files);
    entries.set(last, Buffer.from('not a picture at all '.repeat(400)));
    const target = empty;
    const before = storedFiles(t.config.dataDir).sort();
    const { ended } = await imported(t, target, await zipOf(entries));
    expect(ended.status).toBe('failed');
    expect(ended.message).toMatch(
      /Deadlift \(2026-03-14\): Please select an image or video file\./,
    );
    expect(await listPbs(t.app, target)).toEqual([]);
    expect(storedFiles(t.config.dataDir).sort()).toEqual(before);
  });
});

describe('the free cap on import', () => {
  let archive: Buffer;

  beforeAll(async () => {
    const pro = await newSignedInUser(t, 'prosource');
    await grantProByHand(t.database, pro.email);
    for (const title of ['One', 'Two', 'Three', 'Four', 'Five']) {
      await createPb(t.app, pro, weightFields(title, '100 kg'));
    }
    const res = await exportAs(t.app, pro);
    archive = res.rawPayload;
  });

  it('a free account imports the first three exercises and names the others', async () => {
    const free = await newSignedInUser(t, 'freetarget');
    const { ended } = await imported(t, free, archive);
    // New exercises go to the front, so the profile's order is Five, Four, Three, Two, One.
    expect(ended.result).toEqual({
      importedExercises: 3,
      importedRecords: 3,
      leftOutTitles: ['Two', 'One'],
    });
    expect(ended.message).toBe(
      'Imported 3 exercises with 3 records. The free plan holds 3 exercises, so these were left out: Two, One.',
    );
    expect((await listPbs(t.app, free)).map((pb) => pb.title)).toEqual(['Five', 'Four', 'Three']);
  });

  it('a Pro account imports them all', async () => {
    const pro = await newSignedInUser(t, 'protarget');
    await grantProByHand(t.database, pro.email);
    const { ended } = await imported(t, pro, archive);
    expect(ended.result).toMatchObject({ importedExercises: 5, leftOutTitles: [] });
    expect((await listPbs(t.app, pro)).map((pb) => pb.title)).toEqual([
      'Five',
      'Four',
      'Three',
      'Two',
      'One',
    ]);
  });
});

describe('an oversized archive', () => {
  it('is refused with 413, by its declared length and while it streams', async () => {
    const small = await createTestApp({}, { maxImportArchiveBytes: 16 * 1024 });
    try {
      const me = await newSignedInUser(small, 'oversized');
      const big = Buffer.alloc(64 * 1024, 1);
      const form = formData({}, [{ data: big, contentType: 'application/zip' }]);
      // light-my-request sends a FormData chunked: the limit acts while the bytes arrive.
      const streamed = await small.app.inject({
        method: 'POST',
        url: '/v1/users/import',
        headers: bearer(me),
        payload: form,
      });
      expect(streamed.statusCode).toBe(413);
      expect(streamed.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
      expect(streamed.json<{ message: string }>().message).toMatch(
        /^The archive can be at most .+\. Nothing was imported\.$/,
      );
      const { contentType, bytes } = await encodeForm(form);
      const declared = await small.app.inject({
        method: 'POST',
        url: '/v1/users/import',
        headers: { ...bearer(me), 'content-type': contentType },
        payload: bytes,
      });
      expect(declared.statusCode).toBe(413);
      expect(declared.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
      expect(storedFiles(small.config.dataDir)).toEqual([]);
    } finally {
      await small.close();
    }
  });
});
