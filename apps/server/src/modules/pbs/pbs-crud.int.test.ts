import type { PersonalBest } from '@pbshare/shared';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { grantProByHand, injectAs, newSignedInUser, type SignedIn } from '../../test/accounts.js';
import {
  createPb,
  listPbs,
  mediaPath,
  postPb,
  weightFields,
  jpegWithGps,
  storedFiles,
} from '../../test/pbs.js';
import { answeredDeadlift } from '../../test/deadlift.js';
import { useTestApp } from '../../test/file-hooks.js';

const t = useTestApp();

const get = (session: SignedIn, url: string) => injectAs(t.app, session, 'GET', url);

describe('creating and reading personal bests', () => {
  it('stores a weight PB with its image and answers the structured and text forms', async () => {
    const me = await newSignedInUser(t);
    const pb = await createPb(t.app, me, weightFields('Deadlift', '225 lbs'));
    expect(pb).toMatchObject({
      ...answeredDeadlift,
      mediaType: 'image',
      isVisible: true,
      personalBestHistory: [],
    });
    expect(pb.image).toBe(pb.media.fullUrl);
    expect(pb.media.cardUrl).toMatch(/^\/media\/pbs\/[0-9a-f-]+\/card\.webp$/);

    expect((await get(me, `/v1/pbs/${pb.id}`)).json()).toMatchObject({
      data: { id: pb.id, title: 'Deadlift' },
    });
    expect(await listPbs(t.app, me)).toHaveLength(1);
  });

  it('accepts the spec forms of values and dates', async () => {
    const me = await newSignedInUser(t);
    const run = await createPb(t.app, me, {
      title: '5K',
      category: 'Running',
      value: '0:22:48 duration',
      date: 'March 1, 2026',
    });
    expect(run).toMatchObject({
      value: '0:22:48',
      displayValue: '22:48',
      amount: 1368,
      unit: 'duration',
      date: 'March 1, 2026',
    });
    const pullups = await createPb(t.app, me, {
      title: 'Pull-ups',
      category: 'Bodyweight Training',
      value: '15',
      unit: 'reps',
    });
    expect(pullups).toMatchObject({ value: '15 reps', sets: null, reps: null, story: '' });
    // No date means today.
    expect(pullups.achievedOn).toBe(new Date().toISOString().slice(0, 10));
  });

  it.each([
    ['GET', '/v1/pbs'],
    ['POST', '/v1/pbs'],
    ['DELETE', '/v1/pbs/x'],
    ['PATCH', '/v1/pbs/visibility'],
  ] as const)('%s %s needs a signed-in user', async (method, url) => {
    expect((await t.app.inject({ method, url })).statusCode).toBe(401);
  });
});

describe('history', () => {
  it('groups records by title, keeps the newest current, and promotes the next on delete', async () => {
    const me = await newSignedInUser(t);
    const first = await createPb(t.app, me, {
      ...weightFields('Back Squat', '300 lbs'),
      date: '2025-06-01',
    });
    const newer = await createPb(t.app, me, {
      ...weightFields('  back squat ', '315 lbs'),
      date: '2026-02-01',
      isAdding: 'true',
    });
    // Logged later but achieved earlier: history, not current.
    const older = await createPb(t.app, me, {
      ...weightFields('BACK SQUAT', '285 lbs'),
      date: '2024-01-01',
    });

    const [card] = await listPbs(t.app, me);
    expect(card?.id).toBe(newer.id);
    expect(card?.title).toBe('Back Squat');
    expect(card?.personalBestHistory.map((h) => [h.id, h.value])).toEqual([
      [first.id, '300 lbs'],
      [older.id, '285 lbs'],
    ]);

    const del = await injectAs(t.app, me, 'DELETE', `/v1/pbs/${newer.id}`);
    expect(del.statusCode).toBe(200);
    expect(existsSync(mediaPath(t.config.dataDir, newer.media.fullUrl))).toBe(false);
    const [promoted] = await listPbs(t.app, me);
    expect(promoted?.id).toBe(first.id);
    expect(promoted?.personalBestHistory.map((h) => h.id)).toEqual([older.id]);

    // Deleting a history entry leaves the current one.
    await injectAs(t.app, me, 'DELETE', `/v1/pbs/${older.id}`);
    expect((await listPbs(t.app, me))[0]?.personalBestHistory).toEqual([]);

    // Deleting the last record removes the exercise.
    await injectAs(t.app, me, 'DELETE', `/v1/pbs/${first.id}`);
    expect(await listPbs(t.app, me)).toEqual([]);
  });
});

describe('the free tier', () => {
  it('holds 3 exercises; the 4th is refused, new records for existing ones are not', async () => {
    const me = await newSignedInUser(t);
    for (const title of ['Bench', 'Squat', 'Deadlift'])
      await createPb(t.app, me, weightFields(title));
    const filesBefore = storedFiles(t.config.dataDir).length;

    const fourth = await postPb(t.app, me, weightFields('Overhead Press'), [
      { data: await jpegWithGps(200, 200) },
    ]);
    expect(fourth.statusCode).toBe(402);
    expect(fourth.json()).toMatchObject({ success: false, code: 'FREE_LIMIT_REACHED' });
    expect(fourth.json<{ message: string }>().message).toBe(
      "Free accounts can track 3 exercises (history entries don't count). Upgrade to Pro for unlimited exercises, or add a new record to one you already track.",
    );
    expect(storedFiles(t.config.dataDir)).toHaveLength(filesBefore);

    const another = await createPb(t.app, me, {
      ...weightFields('bench', '250 lbs'),
      date: '2026-04-01',
    });
    expect(another.personalBestHistory).toHaveLength(1);
  });

  it('does not apply to Pro accounts', async () => {
    const me = await newSignedInUser(t);
    await grantProByHand(t.database, me.email);
    for (const title of ['A1', 'A2', 'A3', 'A4', 'A5'])
      await createPb(t.app, me, weightFields(title));
    expect(await listPbs(t.app, me)).toHaveLength(5);
  });
});

describe('order and visibility', () => {
  async function threePbs(me: SignedIn): Promise<PersonalBest[]> {
    for (const title of ['One', 'Two', 'Three']) await createPb(t.app, me, weightFields(title));
    return listPbs(t.app, me);
  }
  const reorder = (me: SignedIn, orderedIds: string[]) =>
    injectAs(t.app, me, 'PATCH', '/v1/pbs/update-order', { orderedIds });

  it('puts a new exercise first and saves a new order', async () => {
    const me = await newSignedInUser(t);
    const pbs = await threePbs(me);
    expect(pbs.map((p) => p.title)).toEqual(['Three', 'Two', 'One']);
    const wanted = [pbs[2], pbs[0], pbs[1]].map((p) => p?.id ?? '');
    const res = await reorder(me, wanted);
    expect(res.statusCode).toBe(200);
    expect((await listPbs(t.app, me)).map((p) => p.id)).toEqual(wanted);
  });

  it("accepts only all of the caller's own cards, each once", async () => {
    const me = await newSignedInUser(t);
    const ids = (await threePbs(me)).map((p) => p.id);
    expect((await reorder(me, ids.slice(0, 2))).statusCode).toBe(400);
    expect((await reorder(me, [ids[0] ?? '', ids[0] ?? '', ids[1] ?? ''])).statusCode).toBe(400);
    expect((await reorder(me, [...ids, 'made-up'])).statusCode).toBe(404);
    expect((await reorder(me, [])).statusCode).toBe(400);
  });

  it('hides and shows an exercise', async () => {
    const me = await newSignedInUser(t);
    const pb = await createPb(t.app, me);
    const hide = await injectAs(t.app, me, 'PATCH', '/v1/pbs/visibility', {
      id: pb.id,
      isVisible: false,
    });
    expect(hide.statusCode).toBe(200);
    expect((await listPbs(t.app, me))[0]?.isVisible).toBe(false);
    const bad = await injectAs(t.app, me, 'PATCH', '/v1/pbs/visibility', {
      id: pb.id,
      isVisible: 'no',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('editing', () => {
  it('updates fields as JSON and replaces media through the form, removing the old files', async () => {
    const me = await newSignedInUser(t);
    const pb = await createPb(t.app, me);
    const put = await injectAs(t.app, me, 'PUT', '/v1/pbs', {
      id: pb.id,
      ...weightFields('Conventional Deadlift', '230 lbs'),
      sets: '',
      story: 'Edited',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      data: { title: 'Conventional Deadlift', value: '230 lbs', sets: null, story: 'Edited' },
    });

    const replaced = await postPb(
      t.app,
      me,
      { ...weightFields('Conventional Deadlift', '230 lbs'), id: pb.id, isEditMode: 'true' },
      [{ data: await jpegWithGps(300, 300) }],
    );
    expect(replaced.statusCode).toBe(200);
    const updated = replaced.json<{ data: PersonalBest }>().data;
    expect(updated.media.fullUrl).not.toBe(pb.media.fullUrl);
    expect(existsSync(mediaPath(t.config.dataDir, pb.media.fullUrl))).toBe(false);
    expect(existsSync(mediaPath(t.config.dataDir, pb.media.cardUrl ?? ''))).toBe(false);
    expect(existsSync(mediaPath(t.config.dataDir, updated.media.fullUrl))).toBe(true);
  });

  it('refuses a title another exercise already has', async () => {
    const me = await newSignedInUser(t);
    await createPb(t.app, me, weightFields('Bench'));
    const squat = await createPb(t.app, me, weightFields('Squat'));
    const res = await injectAs(t.app, me, 'PUT', '/v1/pbs', {
      id: squat.id,
      ...weightFields('BENCH'),
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('ownership', () => {
  it("answers 404 for another user's PB on every call and changes nothing", async () => {
    const alice = await newSignedInUser(t, 'alice');
    const bob = await newSignedInUser(t, 'bob');
    const pb = await createPb(t.app, alice);
    const asBob = [
      get(bob, `/v1/pbs/${pb.id}`),
      injectAs(t.app, bob, 'PUT', '/v1/pbs', { id: pb.id, ...weightFields() }),
      postPb(t.app, bob, { ...weightFields(), id: pb.id, isEditMode: 'true' }, [
        { data: await jpegWithGps(100, 100) },
      ]),
      injectAs(t.app, bob, 'DELETE', `/v1/pbs/${pb.id}`),
      injectAs(t.app, bob, 'PATCH', '/v1/pbs/visibility', { id: pb.id, isVisible: false }),
      injectAs(t.app, bob, 'PATCH', '/v1/pbs/update-order', { orderedIds: [pb.id] }),
    ];
    for (const res of await Promise.all(asBob)) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Four plates');
    }
    expect(await listPbs(t.app, bob)).toEqual([]);
    const [still] = await listPbs(t.app, alice);
    expect(still).toMatchObject({ id: pb.id, isVisible: true, value: '225 lbs' });
  });
});
