import { connect } from 'node:net';
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

it('refuses a request that arrives while closing with a 503 in the envelope', async () => {
  const draining = await createTestApp();
  await draining.app.listen({ port: 0, host: '127.0.0.1' });
  const address = draining.app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');

  // A request whose headers are still arriving keeps its connection active, so closing does not
  // cut it; the rest of its headers come after closing began.
  const socket = connect(address.port, '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
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

  const [head = '', body = ''] = raw.split('\r\n\r\n');
  expect(head).toMatch(/^HTTP\/1\.1 503/);
  expect(head.toLowerCase()).toContain('x-content-type-options: nosniff');
  expect(head.toLowerCase()).toContain('connection: close');
  expect(JSON.parse(body)).toMatchObject({
    success: false,
    status: 503,
    code: 'SERVICE_UNAVAILABLE',
  });
});
