import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { removeWebDist, writeWebDist } from '../test/web-dist.js';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = writeWebDist({
    'index.html': '<!doctype html><title>PBShare</title><div id="root"></div>',
    'assets/index-abc123.js': `console.log(${JSON.stringify('x'.repeat(4000))});`,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'sw.js': 'self.addEventListener("fetch", () => undefined);',
  });
  t = await createTestApp({ webDistDir: dist });
});

afterAll(async () => {
  await t.close();
  removeWebDist(dist);
});

describe('serving the web app', () => {
  it('serves index.html at / and for client-side routes, revalidated on every visit', async () => {
    for (const url of ['/', '/login', '/pricing?x=1', '/edit-pb/123']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('caches other static files briefly', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('serves the service worker revalidated on every visit', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends a share post that no service worker took to the add form, saying the file is missing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/add-pb',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload:
        '--x\r\nContent-Disposition: form-data; name="media"; filename="a.mp4"\r\n\r\nabc\r\n--x--\r\n',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/add-pb?shared=missing');
  });

  it('does not answer API, media, missing asset or non-GET requests with the app', async () => {
    for (const [method, url] of [
      ['GET', '/v1/nope'],
      // The bare prefixes are the API's and the media store's too, never a page of the app.
      ['GET', '/v1'],
      ['GET', '/v1/'],
      ['GET', '/v1?x=1'],
      ['HEAD', '/v1'],
      ['GET', '/media'],
      ['GET', '/media/'],
      ['GET', '/previews'],
      ['GET', '/previews/'],
      ['GET', '/media/nothing.webp'],
      ['GET', '/assets/missing-123.js'],
      ['POST', '/login'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      if (method === 'HEAD') continue;
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });
});
