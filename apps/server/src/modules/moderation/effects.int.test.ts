import type { IncomingHttpHeaders } from 'node:http';
import { MODERATION_MESSAGES, type PersonalBest, type PublicProfile } from '@pbshare/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { ChangeFeed } from '../../db/change-feed.js';
import { openDatabase } from '../../open-database.js';
import { newSignedInUser, type SignedIn } from '../../test/accounts.js';
import { newSignedInAdmin } from '../../test/admins.js';
import { httpGet, type HttpAnswer } from '../../test/http-get.js';
import { acted, userIdOf } from '../../test/moderation.js';
import { createPb, weightFields } from '../../test/pbs.js';
import { listenLocally } from '../../test/raw-http.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { removeWebDist, writeWebDist } from '../../test/web-dist.js';

// What a moderator hides is gone for every visitor on the next request, in every process: the
// page, one PB's page, the API and the preview images, whatever was kept of them before. As in
// fast-path/public-cache.int.test.ts, the acting process is asked through its routes and a
// second process over the same database over HTTP (where the fast path's lane serves kept
// answers), with the fast path on and off.

/** A well-formed preview key that is not the current one: it redirects while the image exists. */
const STALE_KEY = '0'.repeat(24);

describe.each(['on', 'off'] as const)('with the fast path %s', (mode) => {
  let t: TestApp;
  let other: FastifyInstance;
  let otherPort: number;
  let dist: string;
  let owner: SignedIn;
  let ownerId: string;
  let admin: SignedIn;
  let bench: PersonalBest;
  let squat: PersonalBest;
  /** The URLs of the requests that reached the other process's Fastify hooks (not its lane). */
  const routedByOther: string[] = [];

  type Visit = (url: string) => Promise<HttpAnswer>;
  const throughRoutes: Visit = async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    return {
      statusCode: res.statusCode,
      headers: res.headers as IncomingHttpHeaders,
      body: res.body,
      rawPayload: res.rawPayload,
      json: () => res.json<unknown>(),
    };
  };
  const overHttp: Visit = (url) => httpGet(otherPort, url, {});
  const visitors = () =>
    [
      ['the acting process', throughRoutes],
      ['another process, over HTTP', overHttp],
    ] as const;

  beforeAll(async () => {
    dist = writeWebDist();
    t = await createTestApp({
      webDistDir: dist,
      publicOrigin: 'https://pb.example',
      publicFastPath: mode === 'on',
    });
    const otherDatabase = openDatabase({
      databaseUrl: t.config.databaseUrl,
      dataDir: t.config.dataDir,
    });
    other = await buildApp(t.config, { database: otherDatabase, mailer: t.mail });
    other.addHook('onRequest', (request, _reply, done) => {
      routedByOther.push(request.url);
      done();
    });
    otherPort = await listenLocally(other);
    if (mode === 'on' && otherDatabase.dialect === 'postgres') {
      await Promise.all([vouching(otherDatabase.changes), vouching(t.database.changes)]);
    }
    owner = await newSignedInUser(t, 'Moderated.Lifter');
    ownerId = await userIdOf(t.app, owner);
    bench = await createPb(t.app, owner, weightFields('Bench', '225 lbs'));
    squat = await createPb(t.app, owner, weightFields('Squat', '315 lbs'));
    admin = await newSignedInAdmin(t);
  });

  async function vouching(feed: ChangeFeed): Promise<void> {
    for (let tries = 0; feed.epoch() === undefined; tries++) {
      if (tries > 500) throw new Error('the change feed never vouched');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  afterAll(async () => {
    await other.close();
    await t.close();
    removeWebDist(dist);
  });

  const name = () => owner.displayName;

  function inlineProfile(body: string): PublicProfile | null {
    const inline =
      /<script type="application\/json" id="pbshare-profile">([\s\S]*?)<\/script>/.exec(body)?.[1];
    return (JSON.parse(inline ?? 'null') as { profile: PublicProfile | null }).profile;
  }

  /** The PB ids every visitor sees on the API, the page and one PB's page; they must agree. */
  async function shownEverywhere(): Promise<string[]> {
    const seen: string[][] = [];
    for (const [label, visit] of visitors()) {
      const api = await visit(`/v1/pbs/user/${name()}`);
      expect(api.statusCode, label).toBe(200);
      seen.push((api.json() as { data: PublicProfile }).data.pbs.map((pb) => pb.id));
      for (const url of [`/${name()}`, `/${name()}/${bench.id}`]) {
        const page = await visit(url);
        expect(page.statusCode, `${label} ${url}`).toBe(200);
        seen.push(inlineProfile(page.body)?.pbs.map((pb) => pb.id) ?? []);
      }
    }
    const [first, ...rest] = seen;
    for (const ids of rest) expect(ids).toEqual(first);
    return first ?? [];
  }

  /** Each preview image's status for every visitor: 302 (to the current image) or 404. */
  async function previewStatuses(): Promise<Record<string, number>> {
    const urls = {
      profile: `/previews/profile/${name()}/${STALE_KEY}.jpg`,
      benchPb: `/previews/pb/${name()}/${bench.id}/${STALE_KEY}.jpg`,
      benchStory: `/previews/story/${name()}/${bench.id}/${STALE_KEY}.jpg`,
      squatPb: `/previews/pb/${name()}/${squat.id}/${STALE_KEY}.jpg`,
    };
    const statuses: Record<string, number> = {};
    for (const [label, visit] of visitors()) {
      for (const [what, url] of Object.entries(urls)) {
        const status = (await visit(url)).statusCode;
        statuses[what] ??= status;
        expect(status, `${label}: ${what}`).toBe(statuses[what]);
      }
    }
    return statuses;
  }

  /** Shows the profile twice everywhere: the second time, the other process serves kept answers. */
  async function keptEverywhere(): Promise<void> {
    await shownEverywhere();
    routedByOther.length = 0;
    await shownEverywhere();
    // With the fast path on, the lane answered the page and the API from what it kept (one PB's
    // page is the route's, from the same kept answers).
    const routed = routedByOther.filter((url) => !url.endsWith(`/${bench.id}`));
    if (mode === 'on') expect(routed).toEqual([]);
  }

  it('a PB hidden by moderation is gone from the page, the API and its previews, until restored', async () => {
    await keptEverywhere();
    expect((await shownEverywhere()).sort()).toEqual([bench.id, squat.id].sort());
    expect(await previewStatuses()).toEqual({
      profile: 302,
      benchPb: 302,
      benchStory: 302,
      squatPb: 302,
    });

    await acted(t.app, admin, {
      action: 'hide-pb',
      userId: ownerId,
      exerciseId: bench.exerciseId,
      reason: 'Nudity',
    });
    expect(await shownEverywhere()).toEqual([squat.id]);
    expect(await previewStatuses()).toEqual({
      profile: 302,
      benchPb: 404,
      benchStory: 404,
      squatPb: 302,
    });
    for (const [label, visit] of visitors()) {
      const page = await visit(`/${name()}`);
      expect(page.body, label).not.toContain(bench.media.fullUrl);
      expect(page.body, label).not.toContain('Nudity');
      expect(page.body, label).not.toContain('moderation');
    }

    await acted(t.app, admin, {
      action: 'restore',
      userId: ownerId,
      exerciseId: bench.exerciseId,
      reason: 'Fine after all',
    });
    expect((await shownEverywhere()).sort()).toEqual([bench.id, squat.id].sort());
    expect((await previewStatuses()).benchPb).toBe(302);
  });

  it('a suspended profile answers 404, saying it is not available, until restored', async () => {
    await keptEverywhere();
    await acted(t.app, admin, { action: 'suspend', userId: ownerId, reason: 'Spam' });
    for (const [label, visit] of visitors()) {
      const api = await visit(`/v1/pbs/user/${name()}`);
      expect(api.statusCode, label).toBe(404);
      expect(api.json(), label).toEqual({
        success: false,
        message: MODERATION_MESSAGES.profileUnavailable,
        data: null,
        status: 404,
        code: 'NOT_FOUND',
      });
      for (const url of [`/${name()}`, `/${name()}/${squat.id}`]) {
        const page = await visit(url);
        expect(page.statusCode, `${label} ${url}`).toBe(404);
        expect(page.body, label).toContain(MODERATION_MESSAGES.profileUnavailable);
        expect(page.body, label).toContain('<meta name="robots" content="noindex" />');
        expect(inlineProfile(page.body), label).toBeNull();
        expect(page.body, label).toContain('"unavailable":true');
        for (const secret of ['Spam', squat.title, squat.media.fullUrl]) {
          expect(page.body, label).not.toContain(secret);
        }
      }
    }
    expect(await previewStatuses()).toEqual({
      profile: 404,
      benchPb: 404,
      benchStory: 404,
      squatPb: 404,
    });
    // A name nobody has still says so, not that it is unavailable.
    const nobody = await throughRoutes('/nobody-has-this-name');
    expect(nobody.statusCode).toBe(404);
    expect(nobody.body).not.toContain(MODERATION_MESSAGES.profileUnavailable);

    await acted(t.app, admin, { action: 'restore', userId: ownerId, reason: 'Appeal accepted' });
    expect((await shownEverywhere()).sort()).toEqual([bench.id, squat.id].sort());
    expect((await previewStatuses()).profile).toBe(302);
  });
});
