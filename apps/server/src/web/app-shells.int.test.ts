import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { removeWebDist, writeWebDist } from '../test/web-dist.js';

const CSS = `.bone{color:grey}${' '.repeat(2000)}`;
const page = (body: string) =>
  `<!doctype html><html><head><link rel="stylesheet" crossorigin href="/assets/app-1.css"></head><body><div id="root">${body}</div><script type="module" src="/assets/main-1.js"></script></body></html>`;

describe('/profile', () => {
  describe.each(['on', 'off'] as const)('with the skeleton built, the fast path %s', (mode) => {
    let t: TestApp;
    let dist: string;
    beforeAll(async () => {
      dist = writeWebDist({
        'index.html': page(''),
        'assets/app-1.css': CSS,
        'shells/profile.html': page('<div role="status">skeleton</div>'),
      });
      t = await createTestApp({ webDistDir: dist, publicFastPath: mode === 'on' });
    });
    afterAll(async () => {
      await t.close();
      removeWebDist(dist);
    });

    it('paints the skeleton in one answer: markup in #root, the stylesheet inline', async () => {
      for (const url of ['/profile', '/profile?open=abc']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.body).toContain('<div id="root"><div role="status">skeleton</div></div>');
        expect(res.body).toContain(`<style>${CSS}</style>`);
        // The app's own script still runs and renders over it.
        expect(res.body).toContain('src="/assets/main-1.js"');
      }
    });

    it('leaves the other signed-in pages to the plain shell', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/profile/settings' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
    });
  });

  it('falls back to the plain shell when the build has no skeleton', async () => {
    const dist = writeWebDist({ 'index.html': page(''), 'assets/app-1.css': CSS });
    const t = await createTestApp({ webDistDir: dist });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/profile' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
    } finally {
      await t.close();
      removeWebDist(dist);
    }
  });
});
