import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.app.get('/v1/test/slow', async () => {
    await new Promise((r) => setTimeout(r, 300));
    return { finished: true };
  });
});
afterAll(() => t.close());

it('closing finishes in-flight requests, then stops accepting and closes the database', async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  const base = `http://127.0.0.1:${address.port}`;

  const inFlight = fetch(`${base}/v1/test/slow`);
  await new Promise((r) => setTimeout(r, 50));
  const closing = t.app.close();

  const res = await inFlight;
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ finished: true });
  await closing;

  await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  await expect(t.database.ping()).rejects.toThrow();
});
