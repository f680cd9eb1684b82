import { connect } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newSignedInUser } from './test/accounts.js';
import { httpGet } from './test/http-get.js';
import { createPb, weightFields } from './test/pbs.js';
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

/**
 * Sends `path` on a connection whose request headers are still arriving when closing begins, so
 * closing does not cut it; the rest of its headers come after. Answers what the server wrote.
 */
async function requestWhileClosing(draining: TestApp, port: number, path: string) {
  const socket = connect(port, '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
  await new Promise((r) => setTimeout(r, 50));
  const closing = draining.app.close();
  await new Promise((r) => setTimeout(r, 50));
  let raw = '';
  socket.on('data', (chunk: Buffer) => (raw += chunk.toString()));
  const ended = new Promise((r) => socket.once('close', r));
  socket.write('\r\n');
  await ended;
  await closing;
  await draining.close();
  return raw;
}

function expectRefusal(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  expect(head).toMatch(/^HTTP\/1\.1 503/);
  expect(head.toLowerCase()).toContain('x-content-type-options: nosniff');
  expect(head.toLowerCase()).toContain('connection: close');
  expect(JSON.parse(body)).toMatchObject({
    success: false,
    status: 503,
    code: 'SERVICE_UNAVAILABLE',
  });
}

async function listening(app: TestApp): Promise<number> {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  return address.port;
}

it('refuses a request that arrives while closing with a 503 in the envelope', async () => {
  const draining = await createTestApp();
  const port = await listening(draining);
  expectRefusal(await requestWhileClosing(draining, port, '/healthz'));
});

it('refuses a public answer kept in memory the same way while closing', async () => {
  const draining = await createTestApp();
  const owner = await newSignedInUser(draining, 'Closing');
  await createPb(draining.app, owner, weightFields('Bench', '225 lbs'));
  const port = await listening(draining);
  const path = `/v1/pbs/user/${owner.displayName}`;
  // Kept now, so until closing began the front door answered it (answer-lane.ts).
  expect((await httpGet(port, path)).statusCode).toBe(200);
  expectRefusal(await requestWhileClosing(draining, port, path));
});
