import type { IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { PublicProfile } from '@pbshare/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { ChangeFeed } from '../db/change-feed.js';
import { openDatabase } from '../open-database.js';
import { bearer, newSignedInUser, PASSWORD, type SignedIn } from '../test/accounts.js';
import { formData } from '../test/form-data.js';
import { httpGet, type HttpAnswer } from '../test/http-get.js';
import { createPb, weightFields } from '../test/pbs.js';
import { listenLocally } from '../test/raw-http.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { removeWebDist, writeWebDist } from '../test/web-dist.js';

// Public answers are prepared once per version of a profile and kept. These tests prove that
// every kind of write a visitor can see shows on the very next request, through the process
// that wrote it and through a second process (a second app over the same database). The writing
// process is asked through its routes (app.inject); the other one over HTTP, where, with the fast
// path on, a kept answer is served by the lane ahead of Fastify (answer-lane.ts). Everything runs
// with the fast path on and off: both must answer the same.

describe.each(['on', 'off'] as const)('with the fast path %s', (mode) => {
  const fastPathOn = mode === 'on';

  let t: TestApp;
  let other: FastifyInstance;
  let otherPort: number;
  /** The URLs of the requests that reached the other process's Fastify hooks. */
  const routedByOther: string[] = [];
  let dist: string;

  /** A GET of `url` with `headers`, answered in the same shape however it travelled. */
  type Visit = (url: string, headers?: Record<string, string>) => Promise<HttpAnswer>;

  const throughRoutes: Visit = async (url, headers = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    return {
      statusCode: res.statusCode,
      headers: res.headers as IncomingHttpHeaders,
      body: res.body,
      rawPayload: res.rawPayload,
      json: () => res.json<unknown>(),
    };
  };
  /** A name the other process has a route of its own for, as if it were a file of the build. */
  const OWNED_PATH_NAME = 'Owned.Path';

  const overHttp: Visit = (url, headers = {}) => httpGet(otherPort, url, headers);

  beforeAll(async () => {
    dist = writeWebDist();
    t = await createTestApp({
      webDistDir: dist,
      publicOrigin: 'https://pb.example',
      publicFastPath: fastPathOn,
    });
    // Another process: its own app, cache and connections, over the same database and files.
    const otherDatabase = openDatabase({
      databaseUrl: t.config.databaseUrl,
      dataDir: t.config.dataDir,
    });
    // One mail server for both, as a fleet has: a mail job may run in either process.
    other = await buildApp(t.config, { database: otherDatabase, mailer: t.mail });
    other.get(`/${OWNED_PATH_NAME}`, () => 'the route that owns this path');
    other.addHook('onRequest', (request, _reply, done) => {
      routedByOther.push(request.url);
      done();
    });
    otherPort = await listenLocally(other);
    // On PostgreSQL both processes answer from memory, without a read, once their change feeds
    // vouch: the writes below must reach the other process through its feed, before their answer.
    if (fastPathOn && otherDatabase.dialect === 'postgres') {
      await Promise.all([vouching(otherDatabase.changes), vouching(t.database.changes)]);
    }
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

  const visitors = () =>
    [
      ['the writing process', throughRoutes],
      ['another process, over HTTP', overHttp],
    ] as const;

  async function apiProfile(visit: Visit, name: string): Promise<PublicProfile> {
    const res = await visit(`/v1/pbs/user/${name}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: PublicProfile }).data;
  }

  async function pageProfile(visit: Visit, name: string): Promise<PublicProfile> {
    const res = await visit(`/${name}`);
    expect(res.statusCode).toBe(200);
    const inline =
      /<script type="application\/json" id="pbshare-profile">([\s\S]*?)<\/script>/.exec(
        res.body,
      )?.[1];
    return (JSON.parse(inline ?? 'null') as { profile: PublicProfile }).profile;
  }

  /** What both processes show of `name`, through the API and the page; they must agree. */
  async function seenEverywhere(name: string): Promise<PublicProfile> {
    const seen = [];
    for (const [, visit] of visitors()) {
      seen.push(await apiProfile(visit, name), await pageProfile(visit, name));
    }
    const [first, ...rest] = seen;
    for (const profile of rest) expect(profile).toEqual(first);
    if (!first) throw new Error('nothing seen');
    return first;
  }

  const titles = (profile: PublicProfile) => profile.pbs.map((pb) => pb.title);

  const put = (session: SignedIn, payload: InjectOptions['payload']) =>
    t.app.inject({ method: 'PUT', url: '/v1/users', headers: bearer(session), payload });

  function avatar(): Promise<Buffer> {
    return sharp({ create: { width: 64, height: 64, channels: 3, background: '#16a34a' } })
      .jpeg()
      .toBuffer();
  }

  describe('a write a visitor can see', () => {
    let owner: SignedIn;
    let name: string;
    let bench: string;
    let squat: string;

    beforeAll(async () => {
      owner = await newSignedInUser(t, 'Cached.Lifter');
      name = owner.displayName;
      bench = (await createPb(t.app, owner, weightFields('Bench', '225 lbs'))).id;
      squat = (await createPb(t.app, owner, weightFields('Squat', '315 lbs'))).id;
    });

    it('shows on the next request: adding a PB', async () => {
      expect(titles(await seenEverywhere(name))).toEqual(['Squat', 'Bench']);
      await createPb(t.app, owner, weightFields('Row', '185 lbs'));
      expect(titles(await seenEverywhere(name))).toEqual(['Row', 'Squat', 'Bench']);
    });

    it('shows on the next request: editing a PB', async () => {
      await seenEverywhere(name);
      const res = await t.app.inject({
        method: 'PUT',
        url: '/v1/pbs',
        headers: bearer(owner),
        payload: { id: bench, ...weightFields('Bench', '235 lbs'), story: 'Edited' },
      });
      expect(res.statusCode).toBe(200);
      const card = (await seenEverywhere(name)).pbs.find((pb) => pb.id === bench);
      expect(card).toMatchObject({ value: '235 lbs', story: 'Edited' });
    });

    it('shows on the next request: hiding and showing a PB', async () => {
      await seenEverywhere(name);
      const hide = (isVisible: boolean) =>
        t.app.inject({
          method: 'PATCH',
          url: '/v1/pbs/visibility',
          headers: bearer(owner),
          payload: { id: squat, isVisible },
        });
      expect((await hide(false)).statusCode).toBe(200);
      expect(titles(await seenEverywhere(name))).toEqual(['Row', 'Bench']);
      expect((await hide(true)).statusCode).toBe(200);
      expect(titles(await seenEverywhere(name))).toEqual(['Row', 'Squat', 'Bench']);
    });

    it('shows on the next request: reordering', async () => {
      const ids = (await seenEverywhere(name)).pbs.map((pb) => pb.id).reverse();
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/v1/pbs/update-order',
        headers: bearer(owner),
        payload: { orderedIds: ids },
      });
      expect(res.statusCode).toBe(200);
      expect(titles(await seenEverywhere(name))).toEqual(['Bench', 'Squat', 'Row']);
    });

    it('shows on the next request: deleting a PB', async () => {
      await seenEverywhere(name);
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/v1/pbs/${squat}`,
        headers: bearer(owner),
      });
      expect(res.statusCode).toBe(200);
      expect(titles(await seenEverywhere(name))).toEqual(['Bench', 'Row']);
    });

    it('shows on the next request: the bio and the avatar', async () => {
      await seenEverywhere(name);
      expect((await put(owner, { bio: 'Fresh words' })).statusCode).toBe(200);
      expect((await seenEverywhere(name)).user.bio).toBe('Fresh words');

      const res = await put(
        owner,
        formData({}, [{ data: await avatar(), contentType: 'image/jpeg', filename: 'me.jpg' }]),
      );
      expect(res.statusCode).toBe(200);
      const image = res.json<{ data: { profileImage: string } }>().data.profileImage;
      expect((await seenEverywhere(name)).user.profileImage).toBe(image);
    });

    it('shows on the next request: a new username, and the old one leads there', async () => {
      await seenEverywhere(name);
      const renamed = `${name}_new`;
      expect((await put(owner, { displayName: renamed })).statusCode).toBe(200);
      expect((await seenEverywhere(renamed)).user.displayName).toBe(renamed);
      for (const [label, visit] of visitors()) {
        const api = await visit(`/v1/pbs/user/${name}`);
        expect(api.statusCode, label).toBe(301);
        expect(api.headers.location, label).toBe(`/v1/pbs/user/${renamed}`);
        const page = await visit(`/${name}`);
        expect(page.statusCode, label).toBe(301);
        expect(page.headers.location, label).toBe(`/${renamed}`);
      }
      name = renamed;
    });

    it('shows on the next request: a change of letter case only', async () => {
      await seenEverywhere(name);
      const recased = name.toUpperCase();
      expect((await put(owner, { displayName: recased })).statusCode).toBe(200);
      expect((await seenEverywhere(name)).user.displayName).toBe(recased);
      name = recased;
    });

    it('shows on the next request: deleting the account', async () => {
      await seenEverywhere(name);
      const res = await t.app.inject({
        method: 'DELETE',
        url: '/v1/users',
        headers: bearer(owner),
        payload: { password: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      for (const [label, visit] of visitors()) {
        const api = await visit(`/v1/pbs/user/${name}`);
        expect(api.statusCode, label).toBe(404);
        expect(api.json(), label).toMatchObject({ code: 'NOT_FOUND' });
        const page = await visit(`/${name}`);
        expect(page.statusCode, label).toBe(404);
        expect(page.body, label).toContain('"profile":null');
      }
    });

    it('shows when written through the other process as well', async () => {
      const someone = await newSignedInUser(t, 'Two.Ways');
      await createPb(t.app, someone, weightFields('Clean', '185 lbs'));
      expect(titles(await seenEverywhere(someone.displayName))).toEqual(['Clean']);
      const res = await other.inject({
        method: 'PUT',
        url: '/v1/users',
        headers: bearer(someone),
        payload: { bio: 'Written elsewhere' },
      });
      expect(res.statusCode).toBe(200);
      expect((await seenEverywhere(someone.displayName)).user.bio).toBe('Written elsewhere');
    });
  });

  describe("one PB's page", () => {
    it("shows an edit of the PB's title on the next request", async () => {
      const owner = await newSignedInUser(t, 'Linked.Lifter');
      const pb = await createPb(t.app, owner, weightFields('Bench', '225 lbs'));
      await createPb(t.app, owner, weightFields('Squat', '315 lbs'));
      const titleOf = async (visit: Visit) => {
        const res = await visit(`/${owner.displayName}/${pb.id}`);
        expect(res.statusCode).toBe(200);
        return /<title>([^<]*)<\/title>/.exec(res.body)?.[1];
      };
      for (const [label, visit] of visitors()) {
        expect(await titleOf(visit), label).toMatch(/^Bench: /);
      }
      const res = await t.app.inject({
        method: 'PUT',
        url: '/v1/pbs',
        headers: bearer(owner),
        payload: { id: pb.id, ...weightFields('Bench Press', '225 lbs') },
      });
      expect(res.statusCode).toBe(200);
      for (const [label, visit] of visitors()) {
        expect(await titleOf(visit), label).toBe(`Bench Press: 225 lbs · ${owner.displayName}`);
      }
    });
  });

  /** A new person with three PBs, enough for the answers to pass compression's 1 KB threshold. */
  async function ownerOfThreePbs(prefix: string): Promise<string> {
    const owner = await newSignedInUser(t, prefix);
    for (const title of ['Bench', 'Squat', 'Deadlift']) {
      await createPb(t.app, owner, weightFields(title, '225 lbs'));
    }
    return owner.displayName;
  }

  describe.each([
    ['through the routes', throughRoutes],
    ['over HTTP', overHttp],
  ] as const)('a prepared answer, %s', (how, get) => {
    let name: string;

    beforeAll(async () => {
      name = await ownerOfThreePbs('Prepared');
      // Made and kept by the routes, so that from here on the front door serves them.
      for (const url of [`/v1/pbs/user/${name}`, `/${name}`, `/${name.toLowerCase()}`]) {
        expect((await get(url)).statusCode, `${how}: ${url}`).toBe(200);
      }
    });

    it('comes in each encoding asked for, the same bytes and the same ETag underneath', async () => {
      const plain = await get(`/v1/pbs/user/${name}`);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(plain.headers.vary).toBe('accept-encoding');
      const decoders = {
        br: brotliDecompressSync,
        gzip: gunzipSync,
        // Not prepared: left to @fastify/compress, as every other answer.
        deflate: undefined,
      };
      for (const [encoding, decode] of Object.entries(decoders)) {
        const res = await get(`/v1/pbs/user/${name}`, { 'accept-encoding': encoding });
        expect(res.statusCode, encoding).toBe(200);
        expect(res.headers['content-encoding'], encoding).toBe(encoding);
        expect(res.headers.etag, encoding).toBe(plain.headers.etag);
        expect(res.headers.vary, encoding).toBe('accept-encoding');
        expect(res.headers['cache-control'], encoding).toBe('public, max-age=15, must-revalidate');
        if (decode) expect(decode(res.rawPayload).toString(), encoding).toBe(plain.body);
      }
    });

    it('follows the client`s preferences as compression would', async () => {
      const encodingFor = async (acceptEncoding: string) =>
        (await get(`/v1/pbs/user/${name}`, { 'accept-encoding': acceptEncoding })).headers[
          'content-encoding'
        ];
      expect(await encodingFor('gzip, deflate, br')).toBe('br');
      expect(await encodingFor('br;q=0.5, gzip')).toBe('gzip');
      expect(await encodingFor('*')).toBe('gzip');
      expect(await encodingFor('identity')).toBeUndefined();
    });

    it('answers a matching If-None-Match with a bodiless 304 in any encoding', async () => {
      const { etag } = (await get(`/v1/pbs/user/${name}`)).headers;
      for (const encoding of ['br', 'gzip', 'identity']) {
        const res = await get(`/v1/pbs/user/${name}`, {
          'accept-encoding': encoding,
          'if-none-match': String(etag),
        });
        expect(res.statusCode, encoding).toBe(304);
        expect(res.body, encoding).toBe('');
        expect(res.headers['content-type'], encoding).toBeUndefined();
        expect(res.headers['content-encoding'], encoding).toBeUndefined();
        expect(res.headers.etag, encoding).toBe(etag);
      }
    });

    it('serves the page compressed too, in the spelling asked for', async () => {
      const plain = await get(`/${name.toLowerCase()}`);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(plain.headers['cache-control']).toBe('no-cache');
      expect(plain.body).toContain(`{"username":"${name.toLowerCase()}","profile":{`);
      const br = await get(`/${name.toLowerCase()}`, { 'accept-encoding': 'br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

      const asWritten = await get(`/${name}`);
      expect(asWritten.body).toContain(`{"username":"${name}","profile":{`);
    });
  });

  describe('over HTTP, beside the routes', () => {
    let name: string;
    let api: string;
    let page: string;

    beforeAll(async () => {
      name = await ownerOfThreePbs('Front.Door');
      api = `/v1/pbs/user/${name}`;
      page = `/${name}`;
      for (const url of [api, page]) expect((await overHttp(url)).statusCode).toBe(200);
    });

    /** What differs between two answers of the same request: the connection's and the moment's. */
    const PER_ANSWER = ['date', 'connection', 'keep-alive', 'x-request-id'];
    const lasting = (headers: IncomingHttpHeaders) =>
      Object.fromEntries(Object.entries(headers).filter(([key]) => !PER_ANSWER.includes(key)));

    it(`serves a kept answer ${fastPathOn ? 'without' : 'through'} Fastify, as the route does`, async () => {
      const asks: Record<string, string>[] = [
        {},
        { 'accept-encoding': 'gzip, deflate, br' },
        { 'accept-encoding': 'gzip' },
      ];
      for (const url of [api, page, `${api}?utm_source=qr`]) {
        for (const headers of asks) {
          routedByOther.length = 0;
          const served = await overHttp(url, headers);
          expect(routedByOther, url).toEqual(fastPathOn ? [] : [url]);
          expect(served.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
          const routed = await other.inject({ method: 'GET', url, headers });
          expect(routedByOther, url).toEqual(fastPathOn ? [url] : [url, url]);
          expect(served.statusCode).toBe(routed.statusCode);
          expect(lasting(served.headers)).toEqual(lasting(routed.headers as IncomingHttpHeaders));
          expect(
            served.rawPayload.equals(routed.rawPayload),
            `${url} ${JSON.stringify(headers)}`,
          ).toBe(true);
        }
      }
    });

    it('answers a matching If-None-Match with the route`s 304', async () => {
      const etag = String((await overHttp(api)).headers.etag);
      routedByOther.length = 0;
      const served = await overHttp(api, { 'if-none-match': etag });
      expect(routedByOther).toEqual(fastPathOn ? [] : [api]);
      const routed = await other.inject({
        method: 'GET',
        url: api,
        headers: { 'if-none-match': etag },
      });
      expect(served.statusCode).toBe(304);
      expect(served.body).toBe('');
      expect(lasting(served.headers)).toEqual(lasting(routed.headers as IncomingHttpHeaders));
    });

    it('leaves to Fastify what it cannot answer completely', async () => {
      routedByOther.length = 0;
      // A deflate-only client: that copy is made per answer by @fastify/compress.
      const deflated = await overHttp(api, { 'accept-encoding': 'deflate' });
      expect(deflated.headers['content-encoding']).toBe('deflate');
      // Not a GET.
      const head = await httpGet(otherPort, page, {}, 'HEAD');
      expect(head.statusCode).toBe(200);
      // A name that needs decoding, and one nobody has.
      expect((await overHttp(`/${encodeURIComponent(name).replace('.', '%2E')}`)).statusCode).toBe(
        200,
      );
      expect((await overHttp('/Nobody.Here')).statusCode).toBe(404);
      expect(routedByOther).toHaveLength(4);
    });

    it('leaves a path some route owns to that route, even when a person has the name', async () => {
      const owner = await newSignedInUser(t, 'Owned');
      await createPb(t.app, owner, weightFields('Bench', '225 lbs'));
      expect((await put(owner, { displayName: OWNED_PATH_NAME })).statusCode).toBe(200);
      // The profile's page gets kept under that name through a PB link the router sends to it.
      expect((await overHttp(`/${OWNED_PATH_NAME}/not-a-pb`)).statusCode).toBe(200);
      const res = await overHttp(`/${OWNED_PATH_NAME}`);
      expect(res.body).toBe('the route that owns this path');
    });
  });
});
