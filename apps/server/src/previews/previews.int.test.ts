import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PersonalBest, PublicProfile, User } from '@pbshare/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, grantProByHand, newSignedInUser, type SignedIn } from '../test/accounts.js';
import { formData } from '../test/form-data.js';
import {
  createPb,
  fixture,
  jpegWithGps,
  mediaPath,
  postPb,
  settledPb,
  weightFields,
} from '../test/pbs.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { previewCacheDir } from './preview-cache.js';
import { PreviewLinks } from './preview-links.js';

let t: TestApp;
let me: SignedIn;
let name: string;
let links: PreviewLinks;

/** A well-formed key no image has: asking with it redirects to the current address. */
const STALE = '0'.repeat(24);
const SIZES = {
  profile: { width: 1200, height: 630 },
  pb: { width: 1200, height: 630 },
  story: { width: 1080, height: 1920 },
} as const;

beforeAll(async () => {
  t = await createTestApp();
  me = await newSignedInUser(t, 'previews');
  name = me.displayName;
  await grantProByHand(t.database, me.email);
  links = new PreviewLinks(t.config.publicOrigin);
  const avatar = await sharp({
    create: { width: 300, height: 300, channels: 3, background: '#16a34a' },
  })
    .png()
    .toBuffer();
  const res = await t.app.inject({
    method: 'PUT',
    url: '/v1/users',
    headers: bearer(me),
    payload: formData({ bio: 'Lifts things.' }, [{ filename: 'me.png', data: avatar }]),
  });
  expect(res.statusCode).toBe(200);
}, 60_000);

afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

function staleUrl(kind: 'profile' | 'pb' | 'story', username: string, pbId?: string) {
  return kind === 'profile'
    ? `/previews/profile/${username}/${STALE}.jpg`
    : `/previews/${kind}/${username}/${pbId ?? ''}/${STALE}.jpg`;
}

/** The current address of an image, found the way an outdated link finds it: its redirect. */
async function currentUrl(kind: 'profile' | 'pb' | 'story', pbId?: string, username = name) {
  const res = await get(staleUrl(kind, username, pbId));
  expect(res.statusCode, res.body).toBe(302);
  expect(res.headers['cache-control']).toBe('no-cache');
  return String(res.headers.location);
}

const keyOf = (url: string) => url.slice(url.lastIndexOf('/') + 1, -'.jpg'.length);

async function publicProfile(username = name): Promise<PublicProfile> {
  const res = await get(`/v1/pbs/user/${username}`);
  return res.json<{ data: PublicProfile }>().data;
}

async function edit(pb: PersonalBest, fields: Record<string, string>) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/v1/pbs',
    headers: bearer(me),
    payload: { id: pb.id, ...weightFields(pb.title, pb.value), ...fields },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: PersonalBest }>().data;
}

/** Saves the PB again with a new picture of this size, as the edit form does. */
async function replacePicture(session: SignedIn, pb: PersonalBest, width: number, height: number) {
  const res = await postPb(
    t.app,
    session,
    { ...weightFields(pb.title, pb.value), id: pb.id, isEditMode: 'true' },
    [{ data: await jpegWithGps(width, height) }],
  );
  expect(res.statusCode).toBe(200);
}

describe('preview images', () => {
  it(
    'are JPEGs of their exact sizes, kept for good by anyone who shows them',
    { timeout: 20_000 },
    async () => {
      const pb = await createPb(t.app, me, weightFields('Sizes'));
      for (const kind of ['profile', 'pb', 'story'] as const) {
        const res = await get(await currentUrl(kind, pb.id));
        expect(res.statusCode, kind).toBe(200);
        expect(res.headers['content-type']).toBe('image/jpeg');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
        const meta = await sharp(res.rawPayload).metadata();
        expect({ format: meta.format, width: meta.width, height: meta.height }, kind).toEqual({
          format: 'jpeg',
          ...SIZES[kind],
        });
      }
    },
  );

  it('are at the addresses PreviewLinks gives a page', async () => {
    const pb = await createPb(t.app, me, weightFields('Links'));
    const profile = await publicProfile();
    const shown = profile.pbs.find((candidate) => candidate.id === pb.id);
    if (!shown) throw new Error('the new PB is not on the public page');
    expect(links.profilePreview(profile).path).toBe(await currentUrl('profile'));
    expect(links.pbPreview(profile, shown).path).toBe(await currentUrl('pb', pb.id));
    expect(links.pbStoryImage(profile, shown).path).toBe(await currentUrl('story', pb.id));
    expect(links.pbPreview(profile, shown).url).toBe(
      `${t.config.publicOrigin}${await currentUrl('pb', pb.id)}`,
    );
  });

  it("draw a video's poster once its rendition is ready", { timeout: 20_000 }, async () => {
    const run = { title: 'Run', category: 'Running', value: '0:22:48' };
    const withPoster = await postPb(t.app, me, run, [
      { data: fixture('v29.mp4'), contentType: 'video/mp4' },
      { name: 'poster', data: await jpegWithGps(640, 360), contentType: 'image/jpeg' },
    ]);
    const noPoster = await postPb(t.app, me, { ...run, title: 'Swim', category: 'Swimming' }, [
      { data: fixture('v5.mov'), contentType: 'video/quicktime' },
    ]);
    for (const res of [withPoster, noPoster]) {
      expect(res.statusCode, res.body).toBe(201);
      const pb = await settledPb(t.app, me, res.json<{ data: PersonalBest }>().data.id);
      const image = await get(await currentUrl('story', pb.id));
      expect(image.statusCode).toBe(200);
      expect(await sharp(image.rawPayload).metadata()).toMatchObject(SIZES.story);
    }
  });

  it('get a new key when what they draw changes, and an old key leads to the new one', async () => {
    let pb = await createPb(t.app, me, weightFields('Bench', '100 kg'));
    const keys = [keyOf(await currentUrl('pb', pb.id))];
    const nextKey = async () => {
      const key = keyOf(await currentUrl('pb', pb.id));
      expect(keys).not.toContain(key);
      keys.push(key);
    };

    pb = await edit(pb, { title: 'Bench Press' });
    await nextKey();
    pb = await edit(pb, { value: '105 kg' });
    await nextKey();
    await replacePicture(me, pb, 300, 300);
    await nextKey();

    // The story is not drawn: editing it keeps the image.
    pb = await edit(pb, { story: 'A different story' });
    expect(keyOf(await currentUrl('pb', pb.id))).toBe(keys.at(-1));

    // The first key now redirects to the last.
    const old = await get(`/previews/pb/${name}/${pb.id}/${keys[0] ?? ''}.jpg`);
    expect(old.statusCode).toBe(302);
    expect(old.headers.location).toBe(`/previews/pb/${name}/${pb.id}/${keys.at(-1) ?? ''}.jpg`);
  });

  it("follow a new display name, and the old name's images are gone", async () => {
    const session = await newSignedInUser(t, 'renamed');
    const pb = await createPb(t.app, session, weightFields('Row'));
    const before = await currentUrl('pb', pb.id, session.displayName);
    const profileBefore = await currentUrl('profile', undefined, session.displayName);
    const newName = `${session.displayName}x`;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v1/users',
      headers: bearer(session),
      payload: { displayName: newName },
    });
    expect(res.statusCode, res.body).toBe(200);

    const after = await currentUrl('pb', pb.id, newName);
    expect(keyOf(after)).not.toBe(keyOf(before));
    expect(keyOf(await currentUrl('profile', undefined, newName))).not.toBe(keyOf(profileBefore));
    expect((await get(before)).statusCode).toBe(404);
  });

  it("change the profile's image when its first PB's picture changes", async () => {
    const session = await newSignedInUser(t, 'first');
    const pb = await createPb(t.app, session, weightFields('Clean'));
    const before = keyOf(await currentUrl('profile', undefined, session.displayName));
    await replacePicture(session, pb, 400, 300);
    expect(keyOf(await currentUrl('profile', undefined, session.displayName))).not.toBe(before);
  });

  it('exist only for what the public page shows', async () => {
    const older = await createPb(t.app, me, weightFields('Squat', '140 kg'));
    const current = await createPb(t.app, me, {
      ...weightFields('Squat', '150 kg'),
      date: '2026-04-01',
    });
    expect(current.personalBestHistory.map((record) => record.id)).toContain(older.id);
    const hidden = await createPb(t.app, me, weightFields('Hidden lift'));
    const hide = await t.app.inject({
      method: 'PATCH',
      url: '/v1/pbs/visibility',
      headers: bearer(me),
      payload: { id: hidden.id, isVisible: false },
    });
    expect(hide.statusCode).toBe(200);
    const other = await newSignedInUser(t, 'other');
    const theirs = await createPb(t.app, other, weightFields('Theirs'));

    const missing = [
      staleUrl('pb', name, hidden.id),
      staleUrl('story', name, hidden.id),
      staleUrl('pb', name, older.id),
      staleUrl('story', name, older.id),
      staleUrl('pb', name, theirs.id),
      staleUrl('profile', 'nobody-here'),
      staleUrl('story', 'nobody-here', current.id),
      staleUrl('profile', 'login'),
    ];
    for (const url of missing) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND', status: 404 });
    }
    // What a hidden PB looked like never reaches the profile's image either.
    const profile = await publicProfile();
    expect(profile.pbs.map((pb) => pb.id)).not.toContain(hidden.id);
  });

  it('are made once: a later request reads the kept file', async () => {
    const pb = await createPb(t.app, me, weightFields('Kept'));
    const url = await currentUrl('story', pb.id);
    expect((await get(url)).statusCode).toBe(200);
    const file = join(previewCacheDir(t.config.dataDir), `${keyOf(url)}.jpg`);
    expect(existsSync(file)).toBe(true);

    // Swapped behind the server's back: a second rendering would not answer these bytes.
    const marker = await sharp({
      create: { width: 1080, height: 1920, channels: 3, background: '#ff00ff' },
    })
      .jpeg()
      .toBuffer();
    await writeFile(file, marker);
    const again = await get(url);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(marker)).toBe(true);
  });

  it('are made once for requests that arrive together', async () => {
    const pb = await createPb(t.app, me, weightFields('Together'));
    const url = await currentUrl('pb', pb.id);
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(url)));
    for (const res of answers) expect(res.statusCode).toBe(200);
    const first = answers[0]?.rawPayload;
    for (const res of answers) expect(first && res.rawPayload.equals(first)).toBe(true);
    const files = await readdir(previewCacheDir(t.config.dataDir));
    expect(files.filter((file) => file.startsWith(keyOf(url)))).toEqual([`${keyOf(url)}.jpg`]);
  });

  it('are drawn with the fallback, and not kept, when a picture is missing from the store', async () => {
    const pb = await createPb(t.app, me, weightFields('Lost file'));
    await rm(mediaPath(t.config.dataDir, pb.media.fullUrl));
    const url = await currentUrl('pb', pb.id);
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject(SIZES.pb);
    expect(existsSync(join(previewCacheDir(t.config.dataDir), `${keyOf(url)}.jpg`))).toBe(false);
  });

  it('answer HEAD with the headers and no body', async () => {
    const pb = await createPb(t.app, me, weightFields('Head'));
    const res = await t.app.inject({ method: 'HEAD', url: await currentUrl('pb', pb.id) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.body).toBe('');
  });
});

describe('beside the web app', () => {
  it('answers a path under /previews that is no image with a JSON 404, never the app', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'pbshare-dist-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    const withApp = await createTestApp({ webDistDir: dist });
    try {
      for (const url of ['/previews/nope', '/previews/pb/maya/1/2.png', '/previews/']) {
        const res = await withApp.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toMatchObject({ code: 'NOT_FOUND' });
      }
    } finally {
      await withApp.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});

describe('the story image', () => {
  it('draws a record that beat the previous best with its New PB badge, sets and reps', async () => {
    const session = await newSignedInUser(t, 'newpb');
    const fields = { ...weightFields('Clean', '100 kg'), sets: '3', reps: '5' };
    await createPb(t.app, session, { ...fields, date: '2026-01-05' });
    const today = new Date().toISOString().slice(0, 10);
    const better = await createPb(t.app, session, { ...fields, value: '110 kg', date: today });
    expect(better.newPbUntil).not.toBeNull();

    const profile = await publicProfile(session.displayName);
    const shown = profile.pbs.find((pb) => pb.id === better.id);
    if (!shown) throw new Error('the new record is not on the public page');
    const plan = links.pbPlan('story', profile, shown);
    expect(plan.facts).toMatchObject({ pb: { value: '110 kg', sets: 3, reps: 5, newPb: true } });

    // The route draws by the same clock: its current address is that key, and it answers the image.
    const url = await currentUrl('story', better.id, session.displayName);
    expect(keyOf(url)).toBe(plan.key);
    const image = await get(url);
    expect(image.statusCode).toBe(200);
    expect(await sharp(image.rawPayload).metadata()).toMatchObject(SIZES.story);
  });
});

describe("the owner's story image", () => {
  it('adds the change the record beat its previous best by, for the owner alone', async () => {
    const session = await newSignedInUser(t, 'ownstory');
    const fields = { ...weightFields('Snatch', '100 kg'), sets: '3', reps: '5' };
    await createPb(t.app, session, { ...fields, date: '2026-01-05' });
    const today = new Date().toISOString().slice(0, 10);
    const better = await createPb(t.app, session, { ...fields, value: '110 kg', date: today });

    const own = links.ownStoryPlan(await userOf(session), better);
    expect(own.facts).toMatchObject({
      kind: 'story',
      pb: { value: '110 kg', change: '+10 kg from 100 kg', newPb: true, sets: 3, reps: 5 },
    });
    // The public story image never says it: the change gives the older record away.
    const profile = await publicProfile(session.displayName);
    const shown = profile.pbs.find((pb) => pb.id === better.id);
    if (!shown) throw new Error('the new record is not on the public page');
    expect(links.pbPlan('story', profile, shown).facts).toMatchObject({ pb: { change: null } });

    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/pbs/${better.id}/story.jpg`,
      headers: bearer(session),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject(SIZES.story);
  });

  it('draws no change for a first record, and asks for a session', async () => {
    const session = await newSignedInUser(t, 'ownfirst');
    const first = await createPb(t.app, session, weightFields('Jerk', '90 kg'));
    expect(links.ownStoryPlan(await userOf(session), first).facts).toMatchObject({
      pb: { change: null },
    });
    const visitor = await t.app.inject({ method: 'GET', url: `/v1/pbs/${first.id}/story.jpg` });
    expect(visitor.statusCode).toBe(401);
  });
});

async function userOf(session: SignedIn) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/v1/users/profile',
    headers: bearer(session),
  });
  return res.json<{ data: User }>().data;
}
