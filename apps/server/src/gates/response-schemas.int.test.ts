import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createGateApp, type GateApp } from './gate-app.js';

// Every JSON answer is written through its route's response schema (http/response-serializer.ts):
// that is what keeps fields the contract does not list from leaving the server. A route without
// one would send whatever its handler returned, so none may be added without it.
let gate: GateApp;

beforeAll(async () => {
  gate = await createGateApp();
});

afterAll(() => gate.close());

/** Routes that answer files, or tus's bodiless protocol answers, not JSON. */
const FILE_ROUTES = new Set([
  'POST /v1/uploads',
  'HEAD /v1/uploads/:id',
  'PATCH /v1/uploads/:id',
  'DELETE /v1/uploads/:id',
  'GET /media/*',
  'GET /previews/profile/:username/:key.jpg',
  'GET /previews/pb/:username/:pbId/:key.jpg',
  'GET /previews/story/:username/:pbId/:key.jpg',
  'GET /v1/users/export',
  'GET /v1/pbs/:id/story.jpg',
]);

const isSuccess = (code: string) => /^2\d\d$/.test(code);

describe('response schemas', () => {
  it('are declared, with their success status, on every route that answers JSON', () => {
    const jsonRoutes = gate.routes.filter((route) => !FILE_ROUTES.has(route.key));
    expect(jsonRoutes.length).toBeGreaterThan(20);
    const missing = jsonRoutes
      .filter((route) => {
        const response = route.schema?.response as Record<string, unknown> | undefined;
        return !response || !Object.keys(response).some(isSuccess);
      })
      .map((route) => route.key);
    expect(missing).toEqual([]);
  });

  it('describe the envelope on every /v1 route', () => {
    for (const route of gate.routes.filter((r) => r.url.startsWith('/v1/'))) {
      const response = (route.schema?.response ?? {}) as Record<string, z.ZodType>;
      const successes = Object.entries(response).filter(([code]) => isSuccess(code));
      for (const [code, schema] of successes) {
        expect(schema, `${route.key} ${code}`).toBeInstanceOf(z.ZodObject);
        const json = z.toJSONSchema(schema, { io: 'output' });
        expect(Object.keys(json.properties ?? {}), `${route.key} ${code}`).toEqual([
          'success',
          'message',
          'data',
          'status',
        ]);
      }
    }
  });
});
