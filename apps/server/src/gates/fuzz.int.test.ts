import { pbFieldsSchema, profileUpdateInputSchema } from '@pbshare/shared';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, describe, it } from 'vitest';
import { z } from 'zod';
import { newSignedInUser } from '../test/accounts.js';
import { createPb } from '../test/pbs.js';
import { envelopeProblems, leaksIn } from './answer-checks.js';
import { createGateApp } from './gate-app.js';
import { requestArbitrary, type FuzzContext, type FuzzRequest } from './request-arbitrary.js';

/**
 * Every /v1 route, read from the app's own route table, is called with generated requests: valid
 * by its schema, then with one part made hostile (types, unicode, prototype keys, bad JSON, odd
 * content types and multipart, odd headers), as a visitor and as a signed-in user. CI runs a few
 * dozen per route with a fixed seed; `FUZZ_RUNS=5000 FUZZ_SEED=<n>` runs longer or elsewhere.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = Number(process.env.FUZZ_SEED ?? 20260915);
/** An answer slower than this is a failure: nothing here should take seconds. */
const PROMPT_MS = Number(process.env.FUZZ_PROMPT_MS ?? 5000);
/** A request that has not answered by then is reported as hung. */
const HANG_MS = 20_000;

const g = await createGateApp();
afterAll(() => g.close());

const user = await newSignedInUser(g, 'fuzzer');
const image = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#f00' } })
  .png()
  .toBuffer();
const ctx: FuzzContext = {
  accessToken: user.accessToken,
  knownIds: [(await createPb(g.app, user)).id],
  image,
  formFields: {
    'POST /v1/pbs': pbFieldsSchema.extend({
      isEditMode: z.enum(['true', 'false']).optional(),
      id: z.string().optional(),
    }),
    'PUT /v1/users': profileUpdateInputSchema,
  },
};

function answerOrHang(request: FuzzRequest): Promise<LightMyRequestResponse | 'hung'> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((done) => {
    timer = setTimeout(() => {
      done('hung');
    }, HANG_MS);
  });
  const answer = g.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    payload: request.payload,
    remoteAddress: request.remoteAddress,
  });
  return Promise.race([answer, hung]).finally(() => {
    clearTimeout(timer);
  });
}

function problemsWith(res: LightMyRequestResponse, elapsedMs: number, method: string): string[] {
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`a ${res.statusCode}`);
  if (elapsedMs > PROMPT_MS) problems.push(`answered after ${Math.round(elapsedMs)} ms`);
  // A 304 has no body; a 200 ZIP is the data export (GET /v1/users/export).
  const isZip = res.statusCode === 200 && res.headers['content-type'] === 'application/zip';
  // HEAD answers carry no body; nor do tus's successes (201 created, 204 bytes stored).
  const bodiless =
    method === 'HEAD' || (res.headers['tus-resumable'] !== undefined && res.statusCode < 300);
  if (res.statusCode !== 304 && !isZip && !bodiless) problems.push(...envelopeProblems(res));
  problems.push(...leaksIn(res.body).map((leak) => `${leak} in the body`));
  return problems;
}

function describeRequest(r: FuzzRequest): string {
  const size = r.payload === undefined ? 0 : Buffer.byteLength(r.payload);
  return `${r.method} ${r.url.slice(0, 200)} (${r.body}, ${size} bytes, headers ${JSON.stringify(r.headers).slice(0, 300)})`;
}

const v1Routes = g.routes.filter((route) => route.url.startsWith('/v1/'));

const asUser = { authorization: `Bearer ${ctx.accessToken}` };
const jsonAsUser = { ...asUser, 'content-type': 'application/json' };
const [knownId] = ctx.knownIds;

/** Requests the fuzzer once found a problem with, kept so they are checked on every run. */
const FOUND_BEFORE: (Omit<FuzzRequest, 'remoteAddress' | 'body'> & { why: string })[] = [
  // Invalid %-escapes in a path parameter: refused by Fastify's router before any route runs,
  // answered outside the envelope.
  { why: 'a bad %-escape', method: 'GET', url: '/v1/pbs/%C0%AF', headers: asUser },
  { why: 'a bad %-escape', method: 'DELETE', url: '/v1/pbs/%zz', headers: asUser },
  { why: 'a bad %-escape', method: 'GET', url: '/v1/pbs/user/%ED%A0%80', headers: {} },
  // A NUL character reaching PostgreSQL, which refuses it in text: a 500 there, fine on SQLite.
  { why: 'a NUL in a path', method: 'GET', url: '/v1/pbs/%00', headers: asUser },
  { why: 'a NUL in a path', method: 'DELETE', url: '/v1/pbs/%00', headers: asUser },
  { why: 'a NUL in a path', method: 'GET', url: '/v1/pbs/user/%00', headers: {} },
  {
    why: 'a NUL in a field',
    method: 'PUT',
    url: '/v1/users',
    headers: jsonAsUser,
    payload: JSON.stringify({ bio: 'before\u0000after' }),
  },
  {
    why: 'a NUL in a field',
    method: 'PUT',
    url: '/v1/pbs',
    headers: jsonAsUser,
    payload: JSON.stringify({
      id: knownId,
      title: 'Deadlift',
      category: 'Weight Training',
      value: '100 kg',
      story: 'before\u0000after',
    }),
  },
  {
    why: 'a NUL in a field',
    method: 'PATCH',
    url: '/v1/pbs/visibility',
    headers: jsonAsUser,
    payload: JSON.stringify({ id: 'x\u0000', isVisible: true }),
  },
];

describe('every /v1 route under generated and hostile requests', () => {
  it('finds the routes in the route table', ({ expect }) => {
    expect(v1Routes.length).toBeGreaterThan(10);
  });

  it.each(FOUND_BEFORE.map((r) => [`${r.method} ${r.url} (${r.why})`, r] as const))(
    'found before: %s',
    async (_label, found) => {
      const request = { ...found, body: found.why, remoteAddress: '10.9.9.9' };
      const res = await answerOrHang(request);
      if (res === 'hung') throw new Error(`hung: ${describeRequest(request)}`);
      const problems = problemsWith(res, 0, found.method);
      if (problems.length > 0) {
        throw new Error(
          `${problems.join('; ')}\nanswer: ${res.statusCode} ${res.body.slice(0, 500)}`,
        );
      }
    },
  );

  it.each(v1Routes.map((route) => [route.key, route] as const))(
    '%s: never a 5xx, always the envelope, nothing internal, promptly',
    async (_key, route) => {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(route, ctx), async (request) => {
          const started = performance.now();
          const res = await answerOrHang(request);
          if (res === 'hung') throw new Error(`hung: ${describeRequest(request)}`);
          const problems = problemsWith(res, performance.now() - started, route.method);
          if (problems.length > 0) {
            throw new Error(
              `${problems.join('; ')}\nrequest: ${describeRequest(request)}\nanswer: ${res.statusCode} ${res.body.slice(0, 500)}`,
            );
          }
        }),
        { numRuns: RUNS, seed: SEED },
      );
    },
    Math.max(60_000, RUNS * 200),
  );
});
