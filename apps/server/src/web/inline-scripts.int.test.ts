import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { removeWebDist, writeWebDist } from '../test/web-dist.js';
import { inlineScriptHashes } from './inline-scripts.js';

const BOOT = '(function(){document.title="booted"})()';
const LANDING_BOOT = '(function(){document.title="landing"})()';
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = writeWebDist({
    'index.html': '<!doctype html><div id="root"></div><script type="module" src="/a.js"></script>',
    'public-profile.html':
      '<!doctype html><head><script data-entry="/assets/p.js" data-wait="opening-picture">' +
      BOOT +
      '</script></head><div id="root"></div>',
    'pages/index.html':
      '<!doctype html><script data-entry="/assets/l.js">' +
      LANDING_BOOT +
      '</script><script type="application/json" id="data">{"a":1}</script><div id="root"></div>',
    'pages/pricing.html': `<!doctype html><script>${LANDING_BOOT}</script><div id="root"></div>`,
  });
  t = await createTestApp({ webDistDir: dist });
});

afterAll(async () => {
  await t.close();
  removeWebDist(dist);
});

describe('inline boot scripts and the Content Security Policy', () => {
  it('hashes each distinct inline script of the rendered documents, not data blocks', () => {
    expect(inlineScriptHashes(dist).sort()).toEqual([sha256(BOOT), sha256(LANDING_BOOT)].sort());
  });

  it('allows exactly those scripts, and scripts of this origin, on every answer', async () => {
    for (const url of ['/', '/v1/nope', '/healthz']) {
      const res = await t.app.inject({ method: 'GET', url });
      const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']));
      expect(scriptSrc?.[1]?.split(' ').sort(), url).toEqual(
        ["'self'", sha256(BOOT), sha256(LANDING_BOOT)].sort(),
      );
    }
  });

  it('allows no inline script where the build wrote none', () => {
    const plain = writeWebDist({ 'index.html': '<!doctype html><div id="root"></div>' });
    try {
      expect(inlineScriptHashes(plain)).toEqual([]);
    } finally {
      removeWebDist(plain);
    }
  });
});
