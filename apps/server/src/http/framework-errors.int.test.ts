import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ZodTypeProvider } from 'fastify-type-provider-zod';
import { listenLocally, openRaw, type RawResponse } from '../test/raw-http.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  t.app
    .withTypeProvider<ZodTypeProvider>()
    .post('/v1/test/echo', { schema: { body: z.object({ name: z.string() }) } }, (request) => ({
      name: request.body.name,
    }));
  port = await listenLocally(t.app);
});

afterAll(() => t.close());

type Headers = Record<string, string | string[] | number | undefined>;

/** The headers every answer carries, whoever made it. */
function expectSecurityHeaders(headers: Headers): void {
  expect(String(headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-request-id']).toBeTruthy();
}

function expectEnvelope(res: LightMyRequestResponse | RawResponse, status: number, code: string) {
  const statusCode = 'statusCode' in res ? res.statusCode : res.status;
  expect(statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(body).toMatchObject({ success: false, data: null, status, code });
  expect(typeof body.message).toBe('string');
  expectSecurityHeaders(res.headers);
}

async function raw(request: string): Promise<RawResponse> {
  const conn = await openRaw(port);
  conn.write(request);
  return conn.closed;
}

describe('answers Fastify makes before any hook runs', () => {
  it('answers a bad %-escape in the path with a 400 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/pbs/%ff%fe' });
    expectEnvelope(res, 400, 'BAD_REQUEST');
    expect(res.json()).toMatchObject({ message: 'That address is not valid.' });
  });

  it('answers an over-long path parameter with 414 and never echoes the address', async () => {
    const long = `x${'a'.repeat(300)}<script>`;
    const res = await t.app.inject({ method: 'GET', url: `/v1/pbs/user/${long}` });
    expectEnvelope(res, 414, 'URI_TOO_LONG');
    expect(res.body).not.toContain('aaaaaaaaaa');
    expect(res.body).not.toContain('script');
  });
});

describe('requests Node refuses before Fastify sees them', () => {
  it('answers an unknown HTTP method with a 400 envelope and closes', async () => {
    const res = await raw('FOO /v1/pbs HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expectEnvelope(res, 400, 'BAD_REQUEST');
  });

  it('answers headers over the size limit with 431', async () => {
    const res = await raw(
      `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
    );
    expectEnvelope(res, 431, 'HEADERS_TOO_LARGE');
  });

  it('answers a method Node knows but no route has with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'PROPFIND', url: '/v1/pbs' });
    expectEnvelope(res, 404, 'NOT_FOUND');
  });
});

describe('bodies Fastify refuses', () => {
  const post = (payload: string, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/test/echo',
      headers: { 'content-type': contentType },
      payload,
    });

  it('answers malformed JSON with a 400 envelope that names no internals', async () => {
    const res = await post('{"name":', 'application/json');
    expectEnvelope(res, 400, 'BAD_REQUEST');
    expect(res.json()).toMatchObject({ message: 'The request body could not be read.' });
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await post('<name/>', 'application/xml');
    expectEnvelope(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers a body over the limit with 413', async () => {
    const res = await post(
      JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
      'application/json',
    );
    expectEnvelope(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('answers unknown paths with a 404 envelope and the headers', async () => {
    expectEnvelope(await t.app.inject({ method: 'GET', url: '/v1/nope' }), 404, 'NOT_FOUND');
    expectEnvelope(await t.app.inject({ method: 'DELETE', url: '/media/x' }), 404, 'NOT_FOUND');
  });
});

describe('framing and cross-origin policies', () => {
  it('refuses framing consistently: frame-ancestors none and X-Frame-Options DENY', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('keeps API answers same-origin but lets other sites show /media files', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');

    const folder = join(t.config.dataDir, 'media', 'test');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'pixel.webp'), Buffer.from('RIFF'));
    const media = await t.app.inject({ method: 'GET', url: '/media/test/pixel.webp' });
    expect(media.statusCode).toBe(200);
    expect(media.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(media.headers['x-frame-options']).toBe('DENY');
  });
});
