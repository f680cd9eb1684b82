import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { removeWebDist, writeWebDist } from '../test/web-dist.js';

describe.each(['on', 'off'] as const)('with the fast path %s', (mode) => {
  let t: TestApp;
  let dist: string;
  const CSS = `.hero{color:red}${' '.repeat(2000)}`;
  const page = (body: string) =>
    `<!doctype html><html><head><title>T</title><link rel="stylesheet" crossorigin href="/assets/app-1.css"></head><body><div id="root">${body}</div></body></html>`;

  beforeAll(async () => {
    dist = writeWebDist({
      'index.html': page(''),
      'assets/app-1.css': CSS,
      'pages/index.html': page('<h1>Every PB has a story.</h1>'),
      'pages/pricing.html': page('<h1>Upgrade to Pro</h1>'),
    });
    t = await createTestApp({ webDistDir: dist, publicFastPath: mode === 'on' });
  });
  afterAll(async () => {
    await t.close();
    removeWebDist(dist);
  });

  describe('prerendered pages', () => {
    it('answers / and /pricing with their rendered HTML, the stylesheet inline', async () => {
      for (const [url, heading] of [
        ['/', 'Every PB has a story.'],
        ['/pricing', 'Upgrade to Pro'],
      ] as const) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.body).toContain(`<div id="root"><h1>${heading}</h1></div>`);
        expect(res.body).toContain(`<style>${CSS}</style>`);
        expect(res.body).not.toContain('rel="stylesheet"');
      }
    });

    it('sends the compressed copy a browser asks for and revalidates by ETag', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(res.rawPayload).toString()).toContain('Every PB has a story.');
      const etag = res.headers.etag;
      expect(etag).toBeTruthy();

      const again = await t.app.inject({
        method: 'GET',
        url: '/',
        headers: { 'if-none-match': String(etag) },
      });
      expect(again.statusCode).toBe(304);
    });

    it('leaves every other address to the app shell, and a prerendered one with a query', async () => {
      for (const url of ['/login', '/pricing?checkout=cancelled', '/?username=maya']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(res.body, url).toContain('<div id="root"></div>');
        expect(res.body, url).toContain('rel="stylesheet"');
      }
    });
  });
});
