import type { PersonalBest, PublicProfile } from '@pbshare/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSignedInUser, type SignedIn } from '../../test/accounts.js';
import { createPb, listPbs } from '../../test/pbs.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { removeWebDist, writeWebDist } from '../../test/web-dist.js';

// The headline of an exercise is its best record, not its newest (docs/PRODUCT.md §3, Current
// PB). The form asks before a weaker record is saved ('Not a new PB'); once the owner chose 'Save
// anyway' the server gets an ordinary save, and the best must stay what the owner's list, the
// public API, the public page and its link previews show. Both positions of the fast path.

describe.each(['on', 'off'] as const)('with the fast path %s', (mode) => {
  let t: TestApp;
  let dist: string;
  let owner: SignedIn;
  let best: PersonalBest;
  let weaker: PersonalBest;

  const squat = (value: string, date: string) =>
    createPb(t.app, owner, {
      title: 'Squat',
      category: 'Weight Training',
      value,
      date,
      sets: '',
      reps: '',
      story: `Squat of ${date}`,
    });

  beforeAll(async () => {
    dist = writeWebDist(
      {
        'index.html':
          '<!doctype html><html><head><title>PBShare</title></head><body><div id="root"></div></body></html>',
        'public-profile.html':
          '<!doctype html><html><head><title>PBShare</title></head><body><div id="root"></div></body></html>',
      },
      {
        // Stands in for the server renderer: writes out the values the page would paint.
        renderer: `export function renderPublicPage(page) {
          const pbs = page.profile ? page.profile.pbs : [];
          return '<main data-values="' + pbs.map((pb) => pb.title + '=' + pb.displayValue).join(';') + '"></main>';
        }`,
      },
    );
    t = await createTestApp({
      webDistDir: dist,
      publicOrigin: 'https://pb.example',
      publicFastPath: mode === 'on',
    });
    owner = await newSignedInUser(t, 'Lifter');
    best = await squat('60 lbs', '2026-03-01');
    // Read once before the weaker record, so a kept answer of the best alone exists to outdate.
    await t.app.inject({ method: 'GET', url: `/v1/pbs/user/${owner.displayName}` });
    await t.app.inject({ method: 'GET', url: `/${owner.displayName}` });
    weaker = await squat('50 lbs', '2026-03-10');
  });
  afterAll(async () => {
    await t.close();
    removeWebDist(dist);
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const meta = (html: string, key: string) =>
    new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];

  it('saves the weaker record as one that did not beat the best', () => {
    expect(weaker.improvement).toEqual({
      previousBest: '60 lbs',
      change: '-10 lbs',
      beaten: false,
    });
    expect(weaker.newPbUntil).toBeNull();
  });

  it('keeps the best as the current record on /v1/pbs, the newer attempt in its history', async () => {
    const [card, ...others] = await listPbs(t.app, owner);
    expect(others).toEqual([]);
    expect(card?.id).toBe(best.id);
    expect(card?.value).toBe('60 lbs');
    expect(card?.date).toBe('March 1, 2026');
    expect(card?.personalBestHistory.map((r) => [r.id, r.value, r.date])).toEqual([
      [weaker.id, '50 lbs', 'March 10, 2026'],
    ]);
  });

  it('shows the best on the public API', async () => {
    const res = await get(`/v1/pbs/user/${owner.displayName}`);
    expect(res.statusCode).toBe(200);
    const { pbs } = res.json<{ data: PublicProfile }>().data;
    expect(pbs.map((pb) => [pb.id, pb.value])).toEqual([[best.id, '60 lbs']]);
  });

  it('paints the best on the public page and carries it inline', async () => {
    const res = await get(`/${owner.displayName.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<main data-values="Squat=60 lbs"></main>');
    expect(res.body).not.toContain('50 lbs');
    expect(res.body).toContain(`"id":"${best.id}"`);
    expect(res.body).not.toContain(weaker.id);
  });

  it("links the best's preview; the weaker record has no page of its own", async () => {
    const bestPage = (await get(`/${owner.displayName}/${best.id}`)).body;
    expect(meta(bestPage, 'og:title')).toBe(`Squat: 60 lbs · ${owner.displayName}`);
    expect(meta(bestPage, 'og:image')).toContain(`/previews/pb/${owner.displayName}/${best.id}/`);
    // Not shown publicly: its link opens the profile, whose preview is the profile's.
    const weakerPage = (await get(`/${owner.displayName}/${weaker.id}`)).body;
    expect(meta(weakerPage, 'og:title')).toBe(`${owner.displayName} Personal Bests`);
    expect(meta(weakerPage, 'og:image')).toContain(`/previews/profile/${owner.displayName}/`);
  });
});
