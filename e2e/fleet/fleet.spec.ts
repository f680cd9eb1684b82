import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import type { PersonalBest } from '@pbshare/shared';
import type { APIRequestContext, PlaywrightWorkerArgs } from '@playwright/test';
import { expect } from '@playwright/test';

import { apiSignIn, createVerifiedAccount, newAccount } from '../support/accounts.js';
import { createPb, makePhoto, storyVideo } from '../support/share.js';
import {
  clientAddress,
  control,
  fleetInstances,
  jobsFinished,
  multipartBody,
  rawRequest,
  reportFigures,
  test,
  type RawRequest,
} from './support.js';

const [A, B] = fleetInstances();

// In order, in one worker: the last test stops and restarts instance A, which the others call
// directly. A failure does not skip the tests after it.
test.describe.configure({ mode: 'default' });

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

test('a session started on one instance is good on the other', async ({ request }) => {
  const account = await createVerifiedAccount(request);
  const login = await request.post(`${A.base}/v1/auth/login`, {
    data: { email: account.email, password: account.password },
  });
  expect(login.status()).toBe(200);
  const { accessToken } = ((await login.json()) as { data: { accessToken: string } }).data;

  const profile = await request.get(`${B.base}/v1/users/profile`, { headers: bearer(accessToken) });
  expect(profile.status(), await profile.text()).toBe(200);
  // The refresh cookie A set rotates on B.
  const refreshed = await request.post(`${B.base}/v1/auth/refresh`);
  expect(refreshed.status(), await refreshed.text()).toBe(200);
});

test('failed sign-ins are counted once over both instances', async ({ request }) => {
  const email = `${newAccount().username}@example.com`;
  const headers = { 'x-forwarded-for': clientAddress() };
  const attempt = (instance: typeof A) =>
    request.post(`${instance.base}/v1/auth/login`, {
      headers,
      data: { email, password: 'not-the-password' },
    });

  const failures: string[] = [];
  for (const instance of [A, B, A]) {
    expect((await attempt(instance)).status()).toBe(401);
    failures.push(instance.name);
  }
  // Three failures for one e-mail from one address: the next attempt waits, whichever instance
  // it reaches.
  const fourth = await attempt(B);
  expect(fourth.status()).toBe(429);
  expect(Number(fourth.headers()['retry-after'])).toBeGreaterThan(0);
  const fifth = await attempt(A);
  expect(fifth.status()).toBe(429);
  await reportFigures('sign-in limit', {
    failedAllowed: failures.join(','),
    then: { [B.name]: fourth.status(), [A.name]: fifth.status() },
  });
});

test('registrations from one address are limited to 20 an hour over both instances', async ({
  request,
}) => {
  const headers = { 'x-forwarded-for': clientAddress() };
  const register = (instance: typeof A) => {
    const account = newAccount();
    return request.post(`${instance.base}/v1/auth/register`, {
      headers,
      data: { email: account.email, password: account.password, displayName: account.username },
    });
  };
  const accepted: Record<string, number> = { [A.name]: 0, [B.name]: 0 };
  for (let i = 0; i < 20; i++) {
    const instance = i % 2 ? B : A;
    const answer = await register(instance);
    expect(answer.status(), await answer.text()).toBe(201);
    accepted[instance.name] = (accepted[instance.name] ?? 0) + 1;
  }
  const refusedA = await register(A);
  const refusedB = await register(B);
  expect(refusedA.status()).toBe(429);
  expect(refusedB.status()).toBe(429);
  // Another address is not held back.
  const other = await request.post(`${B.base}/v1/auth/register`, {
    headers: { 'x-forwarded-for': clientAddress() },
    data: {
      email: newAccount().email,
      password: 'Secret-123456',
      displayName: newAccount().username,
    },
  });
  expect(other.status(), await other.text()).toBe(201);
  await reportFigures('registration limit', {
    accepted,
    then: { [A.name]: refusedA.status(), [B.name]: refusedB.status() },
  });
});

test('a change made through one instance shows through the other on the very next request', async ({
  request,
  playwright,
}) => {
  const account = await createVerifiedAccount(request);
  const token = await apiSignIn(request, account);
  const publicApi = `${B.base}/v1/pbs/user/${account.username}`;
  const publicPage = `${B.base}/${account.username}`;
  const readB = async () => {
    const api = await request.get(publicApi);
    const page = await request.get(publicPage);
    expect(api.status()).toBe(200);
    expect(page.status()).toBe(200);
    const profile = ((await api.json()) as { data: PublicAnswer }).data;
    return { profile, html: await page.text() };
  };
  // B has the empty profile ready in its memory before anything changes.
  expect((await readB()).profile.pbs).toEqual([]);

  const onA = await instanceContext(playwright, A.base);
  const pb = await createPb(onA, token, {
    title: 'Front Squat',
    value: '140 kg',
    story: 'First time past the old school record.',
  });
  let seen = await readB();
  expect(seen.profile.pbs.map((p) => p.title)).toEqual(['Front Squat']);
  expect(seen.html).toContain('Front Squat');

  const edit = await onA.put('/v1/pbs', {
    headers: bearer(token),
    data: {
      id: pb.id,
      title: 'Front Squat',
      category: 'Weight Training',
      value: '142.5 kg',
      date: '2026-03-04',
      story: 'Edited on instance A.',
    },
  });
  expect(edit.status(), await edit.text()).toBe(200);
  seen = await readB();
  expect(seen.profile.pbs[0]?.story).toBe('Edited on instance A.');
  expect(seen.html).toContain('Edited on instance A.');

  const bio = await onA.put('/v1/users', {
    headers: bearer(token),
    data: { bio: 'Squats on two servers.' },
  });
  expect(bio.status(), await bio.text()).toBe(200);
  seen = await readB();
  expect(seen.profile.user.bio).toBe('Squats on two servers.');
  expect(seen.html).toContain('Squats on two servers.');

  const hide = await onA.patch('/v1/pbs/visibility', {
    headers: bearer(token),
    data: { id: pb.id, isVisible: false },
  });
  expect(hide.status()).toBe(200);
  expect((await readB()).profile.pbs).toEqual([]);
  await onA.dispose();
  await reportFigures('read-after-write through the other instance', {
    writes: ['create', 'edit', 'bio', 'hide'],
    seenOnFirstRead: 4,
  });
});

test('a resumable upload started on one instance is finished on the other', async ({
  request,
  playwright,
}) => {
  const account = await createVerifiedAccount(request);
  const token = await apiSignIn(request, account);
  const onA = await instanceContext(playwright, A.base);
  const onB = await instanceContext(playwright, B.base);
  const tus = { ...bearer(token), 'Tus-Resumable': '1.0.0' };
  const photo = makePhoto(1080, 1350);
  const half = Math.floor(photo.length / 2);

  const created = await onA.post('/v1/uploads', {
    headers: { ...tus, 'Upload-Length': String(photo.length) },
  });
  expect(created.status(), await created.text()).toBe(201);
  const location = created.headers().location ?? '';
  const patch = (on: APIRequestContext, offset: number, body: Buffer) =>
    on.fetch(location, {
      method: 'PATCH',
      headers: {
        ...tus,
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
      },
      data: body,
    });
  expect((await patch(onA, 0, photo.subarray(0, half))).status()).toBe(204);

  // B knows where A stopped: the row is in the shared database, the bytes in the bucket.
  const head = await onB.head(location, { headers: tus });
  expect(head.headers()['upload-offset']).toBe(String(half));
  expect((await patch(onB, half, photo.subarray(half))).status()).toBe(204);

  const saved = await onA.post('/v1/pbs', {
    headers: bearer(token),
    multipart: {
      title: 'Deadlift',
      category: 'Weight Training',
      value: '200 kg',
      uploadId: location.split('/').pop() ?? '',
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const pb = ((await saved.json()) as { data: PersonalBest }).data;
  expect(pb.media.type).toBe('image');
  await onA.dispose();
  await onB.dispose();
});

test('media uploaded through one instance is served by the other from the bucket', async ({
  request,
  playwright,
}) => {
  const account = await createVerifiedAccount(request);
  const token = await apiSignIn(request, account);
  const onA = await instanceContext(playwright, A.base);
  const video = await createPb(onA, token, {
    title: '5K Run',
    category: 'Running',
    value: '0:22:48',
    media: 'video',
  });
  const photo = await createPb(onA, token, { title: 'Deadlift', value: '200 kg' });
  await onA.dispose();

  // The video's poster and card, which A made at upload (its rendition: the next test).
  const urls = [
    video.media.posterUrl,
    video.media.cardUrl,
    photo.media.url,
    photo.media.cardUrl,
  ].filter((url): url is string => url !== null);
  expect(urls).toHaveLength(4);
  for (const url of urls) {
    expect(url).toMatch(/^\/media\/pbs\/[0-9a-f-]+\/[a-z]+\.webp$/);
    const [fromA, fromB] = await Promise.all([
      request.get(`${A.base}${url}`),
      request.get(`${B.base}${url}`),
    ]);
    expect(fromB.status(), url).toBe(200);
    expect(fromB.headers()['content-type'], url).toBe('image/webp');
    expect(sha256(await fromB.body()), url).toBe(sha256(await fromA.body()));
  }

  // Nothing of it on either instance's own disk: media lives in the bucket only.
  for (const instance of [A, B]) expect(filesUnder(join(instance.dataDir, 'media'))).toEqual([]);
  await reportFigures('media across instances', {
    uploadedThrough: A.name,
    servedBy: B.name,
    files: urls.length,
    localMediaFiles: 0,
  });
});

test('a video uploaded through A, which runs no jobs, is processed by B and served by both', async ({
  request,
  playwright,
}) => {
  test.setTimeout(90_000);
  expect([A.jobsInProcess, B.jobsInProcess]).toEqual([false, true]);
  const account = await createVerifiedAccount(request);
  const token = await apiSignIn(request, account);
  const onA = await instanceContext(playwright, A.base);
  const upload = await onA.post('/v1/pbs', {
    headers: bearer(token),
    multipart: {
      title: '5K Run',
      category: 'Running',
      value: '0:22:48',
      date: '2026-03-04',
      story: '',
      file: { name: 'run.webm', mimeType: 'video/webm', buffer: storyVideo() },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const uploaded = ((await upload.json()) as { data: PersonalBest }).data;
  expect(uploaded.media.status).toBe('processing');

  // Bounded: a 3 s clip takes B a second or two, even beside the journeys.
  const uploadedAt = Date.now();
  let card = uploaded;
  while (card.media.status === 'processing' && Date.now() - uploadedAt < 60_000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const answer = await onA.get(`/v1/pbs/${uploaded.id}`, { headers: bearer(token) });
    expect(answer.status(), await answer.text()).toBe(200);
    card = ((await answer.json()) as { data: PersonalBest }).data;
  }
  const readyAfterMs = Date.now() - uploadedAt;
  await onA.dispose();
  expect(card.media.status, `after ${readyAfterMs} ms`).toBe('ready');

  // The rendition, the same bytes from both instances: an MP4 made here, not the upload.
  const rendition = card.media.fullUrl;
  // A fresh key per rendition: pbs/{the upload's id}/r-{random}/video.mp4.
  const folder = /^\/media\/pbs\/([0-9a-f-]+)\/r-[0-9a-f]{16}\/video\.mp4$/.exec(rendition)?.[1];
  expect(folder, rendition).toBeDefined();
  const [fromA, fromB] = await Promise.all([
    request.get(`${A.base}${rendition}`),
    request.get(`${B.base}${rendition}`),
  ]);
  for (const answer of [fromA, fromB]) {
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('video/mp4');
  }
  const bytes = await fromB.body();
  expect(sha256(await fromA.body())).toBe(sha256(bytes));
  expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
  expect(sha256(bytes)).not.toBe(sha256(storyVideo()));
  // Seeking, as a video player asks for it.
  const range = await request.get(`${A.base}${rendition}`, { headers: { range: 'bytes=0-99' } });
  expect(range.status()).toBe(206);
  expect((await range.body()).length).toBe(100);

  // The original stays in the bucket (for the owner's export) and is served by neither.
  const original = `originals/${folder}.webm`;
  const inBucket = await fetch(`${fleetBucketUrl()}/${original}`, { method: 'HEAD' });
  expect(inBucket.status, `${original} in the bucket`).toBe(200);
  for (const instance of [A, B]) {
    expect((await request.get(`${instance.base}/media/${original}`)).status()).toBe(404);
  }

  // A runs no jobs: B's runner made the rendition, from the outbox A wrote, through Redis.
  const done = {
    [A.name]: await jobsFinished(request, A, 'video.process', 'done'),
    [B.name]: await jobsFinished(request, B, 'video.process', 'done'),
  };
  expect(done[A.name]).toBe(0);
  expect(done[B.name]).toBeGreaterThanOrEqual(1);
  await reportFigures('video processed across instances', {
    uploadedThrough: A.name,
    readyAfterMs,
    renditionBytes: bytes.length,
    uploadBytes: storyVideo().length,
    videoJobsDone: done,
  });
});

test('SIGTERM during 50 concurrent requests fails none of them', async ({ request }) => {
  test.setTimeout(90_000);
  // Two sharers, each with two public PBs (photo and video) to read and two uploads to make (an
  // account may upload two files at once), of an exercise it has: history entries, so the free
  // plan's three exercises never refuse them.
  const sharers = await Promise.all(
    [0, 1].map(async () => {
      const account = await createVerifiedAccount(request);
      const token = await apiSignIn(request, account);
      const photo = await createPb(request, token, { title: 'Bench Press', value: '100 kg' });
      const video = await createPb(request, token, {
        title: 'Mile',
        category: 'Running',
        value: '0:05:59',
        media: 'video',
      });
      return { account, token, media: [photo.media.url, video.media.url] };
    }),
  );

  // A retry of this test finds A stopped by the first attempt.
  if ((await instanceStatus(A.name)).exited) await control('POST', `/instances/${A.name}/restart`);
  // As a load balancer does before a deploy stops an instance: no new requests for A, so what
  // follows reaches A only as these 50.
  await control('POST', `/instances/${A.name}/drain`);
  const { pid } = await instanceStatus(A.name);
  expect(pid).toBeGreaterThan(0);

  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const address = { 'x-forwarded-for': clientAddress() };
  const requests: (RawRequest & { kind: string })[] = [];
  const get = (kind: string, path: string, headers: Record<string, string> = {}) =>
    requests.push({
      kind,
      method: 'GET',
      url: `${A.base}${path}`,
      headers: { ...address, ...headers },
    });
  for (let i = 0; i < 16; i++) get('public page', `/${sharers[i % 2]?.account.username}`);
  for (let i = 0; i < 10; i++)
    get('public API', `/v1/pbs/user/${sharers[i % 2]?.account.username}`);
  for (let i = 0; i < 8; i++) get('own PBs', '/v1/pbs', bearer(sharers[i % 2]?.token ?? ''));
  for (let i = 0; i < 6; i++) get('media', sharers[i % 2]?.media[Math.floor(i / 2) % 2] ?? '');
  for (let i = 0; i < 6; i++) get('landing and pricing', i % 2 ? '/pricing' : '/');
  for (const [i, sharer] of [...sharers, ...sharers].entries()) {
    const { body, contentType } = multipartBody(
      {
        title: 'Bench Press',
        category: 'Weight Training',
        value: `${90 + i} kg`,
        date: '',
        story: '',
      },
      { field: 'file', name: 'bench.png', type: 'image/png', data: makePhoto(540, 720) },
    );
    requests.push({
      kind: 'PB upload',
      method: 'POST',
      url: `${A.base}/v1/pbs`,
      headers: { ...address, ...bearer(sharer.token), 'content-type': contentType },
      body,
      release: released,
    });
  }
  expect(requests).toHaveLength(50);

  const sent = requests.map((r) => ({ kind: r.kind, ...rawRequest(r) }));
  let finished = 0;
  for (const s of sent) void s.done.then(() => finished++);
  // Every request is with A (an upload has sent half its body and waits) before the signal.
  await Promise.all(sent.map((s) => s.taken));
  const inFlightAtSigterm = sent.length - finished;
  const sigtermAt = Date.now();
  process.kill(pid, 'SIGTERM');
  // The uploads finish their bodies while A is already shutting down.
  setTimeout(release, 250);
  const outcomes = await Promise.all(sent.map(async (s) => ({ kind: s.kind, ...(await s.done) })));
  const lastAnswerMs = Date.now() - sigtermAt;

  const failed = outcomes.filter((o) => !o.status || o.status < 200 || o.status > 299);
  expect(failed, 'requests that did not end 2xx').toEqual([]);
  expect(inFlightAtSigterm).toBeGreaterThanOrEqual(4);

  // A finishes them and exits on its own, well inside SHUTDOWN_TIMEOUT_MS.
  let exited: InstanceStatus['exited'] = null;
  await expect
    .poll(
      async () => {
        exited = (await instanceStatus(A.name)).exited;
        return exited !== null;
      },
      { timeout: 9_000 },
    )
    .toBe(true);
  const exitedAfterMs = Date.now() - sigtermAt;
  expect(exited).toEqual({ code: 0, signal: null });

  // The fleet carries on: B alone through the proxy, then A again once restarted.
  const alone = await Promise.all(
    Array.from({ length: 6 }, () => request.get(`/${sharers[0]?.account.username}`)),
  );
  expect(alone.map((r) => [r.status(), r.headers()['x-fleet-instance']])).toEqual(
    Array.from({ length: 6 }, () => [200, B.name]),
  );
  await control('POST', `/instances/${A.name}/restart`);
  await expect
    .poll(async () => (await request.get('/healthz')).headers()['x-fleet-instance'])
    .toBe(A.name);
  const restarted = await request.get(`${A.base}/v1/pbs/user/${sharers[1]?.account.username}`);
  expect(restarted.status()).toBe(200);

  await reportFigures('SIGTERM with 50 requests in flight', {
    requests: countBy(outcomes.map((o) => o.kind)),
    answered2xx: outcomes.length - failed.length,
    stillRunningAtSigterm: inFlightAtSigterm,
    lastAnswerMsAfterSigterm: lastAnswerMs,
    exitedMsAfterSigterm: exitedAfterMs,
    exit: exited,
  });
});

type Playwright = PlaywrightWorkerArgs['playwright'];

interface InstanceStatus {
  name: string;
  pid: number;
  exited: { code: number | null; signal: string | null } | null;
}

async function instanceStatus(name: string): Promise<InstanceStatus> {
  const found = (await control<InstanceStatus[]>('GET', '/instances')).find((i) => i.name === name);
  if (!found) throw new Error(`no instance ${name}`);
  return found;
}

interface PublicAnswer {
  user: { bio: string };
  pbs: { title: string; story: string }[];
}

/** A request context aimed at one instance directly (relative paths go to it). */
function instanceContext(playwright: Playwright, baseURL: string): Promise<APIRequestContext> {
  return playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
}

function fleetBucketUrl(): string {
  const url = process.env.FLEET_BUCKET_URL;
  if (!url) throw new Error('FLEET_BUCKET_URL is not set: the fleet global setup did not run');
  return url;
}

function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

function countBy(items: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[item] = (counts[item] ?? 0) + 1;
  return counts;
}
