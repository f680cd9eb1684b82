import type { PersonalBest, PublicPb, PublicProfile } from '@pbshare/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, injectAs } from '../../test/accounts.js';
import { useSignedInUser, useTestApp } from '../../test/file-hooks.js';
import { createPb, jpegWithGps, listPbs } from '../../test/pbs.js';

// Each card measures its record against the best of the exercise's older records of its kind
// (docs/PRODUCT.md §3, Comparison), for the owner (`improvement`, `newPbUntil`) and for visitors
// (`newPbUntil` only: the previous best is history, which is never public). The headline is the
// best record; 'New PB' lasts 7 days from when the record was achieved, so most records here,
// achieved in March 2026, are back-dated and their badge is long over.

const t = useTestApp();
// Pro: one exercise per case, more than the free tier holds.
const me = useSignedInUser(t, { pro: true });
let photo: Buffer;
beforeAll(async () => {
  photo = await jpegWithGps(64, 64);
});

const WEEK_MS = 7 * 24 * 3600 * 1000;

function record(title: string, value: string, date: string, category = 'Weight Training') {
  return createPb(t.app, me, { title, category, value, date, sets: '', reps: '', story: '' }, [
    { data: photo, contentType: 'image/jpeg' },
  ]);
}

async function card(title: string): Promise<PersonalBest> {
  const found = (await listPbs(t.app, me)).find((pb) => pb.title === title);
  if (!found) throw new Error(`no card ${title}`);
  return found;
}

async function publicCard(title: string): Promise<PublicPb> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/pbs/user/${encodeURIComponent(me.displayName)}`,
  });
  expect(res.statusCode).toBe(200);
  const found = res.json<{ data: PublicProfile }>().data.pbs.find((pb) => pb.title === title);
  if (!found) throw new Error(`no public card ${title}`);
  return found;
}

/** The badge's end for a record saved the day it was achieved: 7 days after its saving. */
const weekAfter = (createdAt: string) => new Date(Date.parse(createdAt) + WEEK_MS).toISOString();
/** Today in UTC, the day a record saved now is achieved on. */
const today = () => new Date().toISOString().slice(0, 10);

describe('the change against the previous best', () => {
  it('a beaten best in kg: +5 kg and New PB for a week from its achieved day', async () => {
    await record('Bench', '140 kg', '2026-03-01');
    const latest = await record('Bench', '145 kg', '2026-03-10');
    expect(latest.improvement).toEqual({ previousBest: '140 kg', change: '+5 kg', beaten: true });
    // Achieved March 10 and saved months later: New until March 17 ended, never since its saving.
    expect(latest.newPbUntil).toBe('2026-03-18T00:00:00.000Z');

    const listed = await card('Bench');
    expect(listed.improvement).toEqual(latest.improvement);
    expect(listed.newPbUntil).toBe(latest.newPbUntil);

    const visible = await publicCard('Bench');
    expect(visible.newPbUntil).toBe(latest.newPbUntil);
    expect(visible).not.toHaveProperty('improvement');
  });

  it('a lower record goes to history: the best stays the headline with its own change', async () => {
    await record('Squat', '140 kg', '2026-03-01');
    const best = await record('Squat', '145 kg', '2026-03-05');
    const lower = await record('Squat', '100 kg', '2026-03-10');
    const listed = await card('Squat');
    expect(listed.id).toBe(best.id);
    expect(listed.value).toBe('145 kg');
    expect(listed.improvement).toEqual({ previousBest: '140 kg', change: '+5 kg', beaten: true });
    expect(listed.newPbUntil).toBe('2026-03-13T00:00:00.000Z');
    expect(listed.personalBestHistory.map((r) => r.value)).toEqual(['100 kg', '140 kg']);
    expect((await publicCard('Squat')).value).toBe('145 kg');

    // The lower record's own card is measured against the best before it, and earns no badge.
    expect(lower.improvement).toEqual({ previousBest: '145 kg', change: '-45 kg', beaten: false });
    expect(lower.newPbUntil).toBeNull();
    const res = await injectAs(t.app, me, 'GET', `/v1/pbs/${lower.id}`);
    expect(res.json<{ data: PersonalBest }>().data.improvement).toEqual(lower.improvement);
  });

  it('a record achieved today that beats the best is New for a week from its saving', async () => {
    await record('Dip', '40 kg', '2026-03-01');
    const now = await record('Dip', '45 kg', today());
    expect(now.newPbUntil).toBe(weekAfter(now.createdAt));
    expect((await publicCard('Dip')).newPbUntil).toBe(now.newPbUntil);
    // Back-dated below it, a record changes nothing: the best and its badge stay.
    await record('Dip', '42 kg', '2026-03-05');
    expect((await card('Dip')).newPbUntil).toBe(now.newPbUntil);
  });

  it('a weight lifted for reps is a rep max, measured against its own rep count', async () => {
    const lift = (value: string, reps: string, date: string) =>
      createPb(
        t.app,
        me,
        {
          title: 'Front Squat',
          category: 'Weight Training',
          value,
          date,
          sets: '1',
          reps,
          story: '',
        },
        [{ data: photo, contentType: 'image/jpeg' }],
      );
    const triple = await lift('140 kg', '3', '2026-03-01');
    const five = await lift('120 kg', '5', '2026-03-05');
    // A 5-rep set does not compare with a triple: the newer leads, with nothing to measure.
    expect(five.improvement).toBeNull();
    expect((await card('Front Squat')).id).toBe(five.id);
    // A weaker triple: the best triple leads, both newer attempts sit in its history.
    const weaker = await lift('130 kg', '3', '2026-03-10');
    expect(weaker.improvement).toEqual({ previousBest: '140 kg', change: '-10 kg', beaten: false });
    const listed = await card('Front Squat');
    expect(listed.id).toBe(triple.id);
    expect(listed.personalBestHistory.map((r) => r.id)).toEqual([weaker.id, five.id]);
  });

  it('compares kg with lbs, in the record’s unit, to a tenth', async () => {
    await record('Deadlift', '100 kg', '2026-03-01');
    const heavier = await record('Deadlift', '225 lbs', '2026-03-10');
    expect(heavier.improvement).toEqual({
      previousBest: '100 kg',
      change: '+4.5 lbs',
      beaten: true,
    });
    expect(heavier.newPbUntil).toBe('2026-03-18T00:00:00.000Z');

    const heaviest = await record('Clean', '225 lbs', '2026-03-01');
    const lighter = await record('Clean', '100 kg', '2026-03-10');
    expect(lighter.improvement).toEqual({
      previousBest: '225 lbs',
      change: '-2.1 kg',
      beaten: false,
    });
    expect(lighter.newPbUntil).toBeNull();
    expect((await publicCard('Deadlift')).newPbUntil).toBe(heavier.newPbUntil);
    // 225 lbs (102.06 kg) stays the headline over the newer 100 kg.
    expect((await publicCard('Clean')).id).toBe(heaviest.id);
    expect((await publicCard('Clean')).newPbUntil).toBeNull();
  });

  it('a faster run beats a slower one: -0:42', async () => {
    await record('5K', '0:22:48', '2026-03-01', 'Running');
    await record('5K', '0:23:30', '2026-03-05', 'Running');
    const faster = await record('5K', '0:22:06', '2026-03-10', 'Running');
    expect(faster.improvement).toEqual({ previousBest: '22:48', change: '-0:42', beaten: true });
    expect(faster.newPbUntil).toBe('2026-03-18T00:00:00.000Z');
    expect((await publicCard('5K')).newPbUntil).toBe(faster.newPbUntil);
  });

  it('a first record has nothing to compare with', async () => {
    const first = await record('Plank', '0:02:00', '2026-03-10', 'Bodyweight Training');
    expect(first.improvement).toBeNull();
    expect(first.newPbUntil).toBeNull();
    expect((await card('Plank')).improvement).toBeNull();
    expect((await publicCard('Plank')).newPbUntil).toBeNull();
  });

  it('nor does a record in another measure (reps against a duration)', async () => {
    await record('Pull-ups', '0:01:00', '2026-03-01', 'Bodyweight Training');
    const reps = await record('Pull-ups', '12 reps', '2026-03-10', 'Bodyweight Training');
    expect(reps.improvement).toBeNull();
    expect(reps.newPbUntil).toBeNull();
  });

  it('a tie does not beat the previous best, and the first to reach it stays the headline', async () => {
    const first = await record('Row', '140 kg', '2026-03-01');
    const tie = await record('Row', '140 kg', '2026-03-10');
    expect(tie.improvement).toEqual({ previousBest: '140 kg', change: '±0 kg', beaten: false });
    expect(tie.newPbUntil).toBeNull();
    expect((await publicCard('Row')).id).toBe(first.id);
    expect((await publicCard('Row')).newPbUntil).toBeNull();
  });
});

describe('the public answer', () => {
  it('follows an edit or a delete of an older record on the very next request', async () => {
    const older = await record('Press', '140 kg', '2026-03-01');
    const latest = await record('Press', '145 kg', '2026-03-10');
    expect((await publicCard('Press')).newPbUntil).toBe('2026-03-18T00:00:00.000Z');

    const edit = await injectAs(t.app, me, 'PUT', '/v1/pbs', {
      id: older.id,
      title: 'Press',
      category: 'Weight Training',
      value: '150 kg',
      date: '2026-03-01',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    // Raised to 150 kg, the older record is the best: it leads, with nothing before it to beat.
    expect((await publicCard('Press')).id).toBe(older.id);
    expect((await publicCard('Press')).newPbUntil).toBeNull();
    expect((await card('Press')).improvement).toBeNull();

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/v1/pbs/${older.id}`,
      headers: bearer(me),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await publicCard('Press')).newPbUntil).toBeNull();
    expect((await card('Press')).improvement).toBeNull();

    // A new older record that the latest beats brings its badge's end back.
    await record('Press', '120 kg', '2026-02-01');
    expect((await publicCard('Press')).id).toBe(latest.id);
    expect((await publicCard('Press')).newPbUntil).toBe('2026-03-18T00:00:00.000Z');
  });
});
