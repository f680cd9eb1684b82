import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PersonalBest, User } from '@pbshare/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referencedMediaKeys } from '../../media/media-references.js';
import { UploadLimiter } from '../../media/upload-limiter.js';
import { LocalStorage } from '../../storage/local-storage.js';
import { sweepOrphanMedia } from '../../storage/orphan-sweep.js';
import { bearer, newSignedInUser, type SignedIn } from '../../test/accounts.js';
import { formData } from '../../test/form-data.js';
import { createPb, filesUnder, jpegWithGps, weightFields } from '../../test/pbs.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let me: SignedIn;
beforeAll(async () => {
  // The per-account limit of two uploads at once would turn most of these races away.
  t = await createTestApp({}, { uploads: new UploadLimiter({ perHour: 10_000, atOnce: 100 }) });
  me = await newSignedInUser(t);
});
afterAll(() => t.close());

const mediaRoot = () => join(t.config.dataDir, 'media');

/** Every file under the media store, as storage keys. */
function storedKeys(): string[] {
  return filesUnder(mediaRoot()).sort();
}

async function saveAvatar(colour: string) {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return t.app.inject({
    method: 'PUT',
    url: '/v1/users',
    headers: bearer(me),
    payload: formData({}, [{ data: png, contentType: 'image/png' }]),
  });
}

async function editMedia(pb: PersonalBest, width: number) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/pbs',
    headers: bearer(me),
    payload: formData({ ...weightFields(pb.title), isEditMode: 'true', id: pb.id }, [
      { data: await jpegWithGps(width, 100), contentType: 'image/jpeg' },
    ]),
  });
}

describe('concurrent media replacement leaves no orphan', () => {
  it('20 avatar saves at once leave exactly the one file the profile shows', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => saveAvatar(`#${(i * 12 + 16).toString(16)}3366`)),
    );
    for (const res of answers) expect(res.statusCode).toBe(200);
    const avatars = storedKeys().filter((k) => k.startsWith('avatars/'));
    const profile = await t.app.inject({
      method: 'GET',
      url: '/v1/users/profile',
      headers: bearer(me),
    });
    const shown = profile.json<{ data: User }>().data.profileImage;
    expect(avatars).toHaveLength(1);
    expect(shown).toBe(`/media/${avatars[0] ?? ''}`);
  });

  it('10 edits of one PB’s media at once leave only the files the record points at', async () => {
    const pb = await createPb(t.app, me, weightFields('Raced lift'));
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => editMedia(pb, 200 + i * 10)),
    );
    for (const res of answers) expect(res.statusCode).toBe(200);
    const referenced = await referencedMediaKeys(t.database.db);
    expect(storedKeys().filter((k) => !referenced.has(k))).toEqual([]);
  });

  it('an edit racing a delete leaves nothing of the record', async () => {
    const pb = await createPb(t.app, me, weightFields('Gone lift'));
    const [edit, del] = await Promise.all([
      editMedia(pb, 300),
      t.app.inject({ method: 'DELETE', url: `/v1/pbs/${pb.id}`, headers: bearer(me) }),
    ]);
    expect(del.statusCode).toBe(200);
    expect([200, 404]).toContain(edit.statusCode);
    const referenced = await referencedMediaKeys(t.database.db);
    expect(storedKeys().filter((k) => !referenced.has(k))).toEqual([]);
  });
});

describe('the orphan sweep', () => {
  it('removes old files no row points at, keeps referenced and fresh ones', async () => {
    const pb = await createPb(t.app, me, weightFields('Kept lift'));
    const kept = pb.media.fullUrl.replace(/^\/media\//, '');
    const old = (Date.now() - 60 * 60 * 1000) / 1000;
    const orphanDir = join(mediaRoot(), 'pbs', '0b9c1c42-0000-4000-8000-000000000000');
    mkdirSync(orphanDir, { recursive: true });
    writeFileSync(join(orphanDir, 'full.webp'), 'left by a crash');
    utimesSync(join(orphanDir, 'full.webp'), old, old);
    utimesSync(orphanDir, old, old);
    writeFileSync(join(mediaRoot(), 'avatars', 'fresh.webp'), 'an upload in flight');
    utimesSync(join(mediaRoot(), kept), old, old);

    const removed = await sweepOrphanMedia(
      new LocalStorage(t.config.dataDir),
      await referencedMediaKeys(t.database.db),
    );

    expect(removed).toBe(1);
    const keys = storedKeys();
    expect(keys).toContain(kept);
    expect(keys).toContain('avatars/fresh.webp');
    expect(keys.some((k) => k.startsWith('pbs/0b9c1c42'))).toBe(false);
  });
});
