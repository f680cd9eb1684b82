import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { PublicProfile } from '@pbshare/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/database.js';
import { bearer, newSignedInUser, PASSWORD, type SignedIn } from '../../test/accounts.js';
import { CapturingMailer } from '../../test/capturing-mailer.js';
import { formData } from '../../test/form-data.js';
import { createPb, weightFields } from '../../test/pbs.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { removeWebDist, writeWebDist } from '../../test/web-dist.js';

// Public answers are prepared once per version of a profile and kept. These tests prove that
// every kind of write a visitor can see shows on the very next request, through the process
// that wrote it and through a second process (a second app over the same database).

let t: TestApp;
let other: FastifyInstance;
let dist: string;

beforeAll(async () => {
  dist = writeWebDist();
  t = await createTestApp({ webDistDir: dist, publicOrigin: 'https://pb.example' });
  // Another process: its own app, cache and connections, over the same database and files.
  other = await buildApp(t.config, {
    database: openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir }),
    mailer: new CapturingMailer(),
  });
});
afterAll(async () => {
  await other.close();
  await t.close();
  removeWebDist(dist);
});

const apps = () =>
  [
    ['the writing process', t.app],
    ['another process', other],
  ] as const;

async function apiProfile(app: FastifyInstance, name: string): Promise<PublicProfile> {
  const res = await app.inject({ method: 'GET', url: `/v1/pbs/user/${name}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: PublicProfile }>().data;
}

async function pageProfile(app: FastifyInstance, name: string): Promise<PublicProfile> {
  const res = await app.inject({ method: 'GET', url: `/${name}` });
  expect(res.statusCode).toBe(200);
  const inline = /<script type="application\/json" id="pbshare-profile">([\s\S]*?)<\/script>/.exec(
    res.body,
  )?.[1];
  return (JSON.parse(inline ?? 'null') as { profile: PublicProfile }).profile;
}

/** What both processes show of `name`, through the API and the page; they must agree. */
async function seenEverywhere(name: string): Promise<PublicProfile> {
  const seen = [];
  for (const [, app] of apps()) {
    seen.push(await apiProfile(app, name), await pageProfile(app, name));
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
    for (const [label, app] of apps()) {
      const api = await app.inject({ method: 'GET', url: `/v1/pbs/user/${name}` });
      expect(api.statusCode, label).toBe(301);
      expect(api.headers.location, label).toBe(`/v1/pbs/user/${renamed}`);
      const page = await app.inject({ method: 'GET', url: `/${name}` });
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
    for (const [label, app] of apps()) {
      const api = await app.inject({ method: 'GET', url: `/v1/pbs/user/${name}` });
      expect(api.statusCode, label).toBe(404);
      expect(api.json(), label).toMatchObject({ code: 'NOT_FOUND' });
      const page = await app.inject({ method: 'GET', url: `/${name}` });
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
    const titleOf = async (app: FastifyInstance) => {
      const res = await app.inject({ method: 'GET', url: `/${owner.displayName}/${pb.id}` });
      expect(res.statusCode).toBe(200);
      return /<title>([^<]*)<\/title>/.exec(res.body)?.[1];
    };
    for (const [label, app] of apps()) {
      expect(await titleOf(app), label).toMatch(/^Bench: /);
    }
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v1/pbs',
      headers: bearer(owner),
      payload: { id: pb.id, ...weightFields('Bench Press', '225 lbs') },
    });
    expect(res.statusCode).toBe(200);
    for (const [label, app] of apps()) {
      expect(await titleOf(app), label).toBe(`Bench Press: 225 lbs · ${owner.displayName}`);
    }
  });
});

describe('a prepared answer', () => {
  let name: string;

  beforeAll(async () => {
    const owner = await newSignedInUser(t, 'Prepared');
    // Enough PBs for the answers to pass compression's 1 KB threshold.
    for (const title of ['Bench', 'Squat', 'Deadlift']) {
      await createPb(t.app, owner, weightFields(title, '225 lbs'));
    }
    name = owner.displayName;
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

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
