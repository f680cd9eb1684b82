import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PublicProfile } from '@pbshare/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newSignedInUser, type SignedIn } from '../test/accounts.js';
import { formData } from '../test/form-data.js';
import { createPb, weightFields } from '../test/pbs.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let dist: string;
let owner: SignedIn;
const EVIL_BIO = '</script><script>alert("x")</script> & "quotes" <b>';

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'pbshare-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head>\n<meta name="description"\n content="Default" />\n<title>PBShare</title>\n</head><body><div id="root"></div></body></html>',
  );
  // The part of Vite's manifest the server reads to preload the public page's scripts.
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-a.js', imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-b.js' },
      'src/features/public-profile/public-profile-page.tsx': {
        file: 'assets/public-profile-page-c.js',
        imports: ['index.html', '_react.js', '_viewer.js'],
      },
      '_viewer.js': { file: 'assets/viewer-d.js' },
    }),
  );
  t = await createTestApp({ webDistDir: dist, publicOrigin: 'https://pb.example' });
  owner = await newSignedInUser(t, 'Runner');
  await t.app.inject({
    method: 'PUT',
    url: '/v1/users',
    headers: bearer(owner),
    payload: formData({ bio: EVIL_BIO }),
  });
  await createPb(t.app, owner, weightFields('Deadlift', '405 lbs'));
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (path: string) => t.app.inject({ method: 'GET', url: path });
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];

describe('GET /{username}', () => {
  it('answers the app with the preview tags and the profile inline', async () => {
    const res = await page(`/${owner.displayName.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toContain(`<title>${owner.displayName} Personal Bests</title>`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(meta(html, 'og:title')).toBe(`${owner.displayName} Personal Bests`);
    expect(meta(html, 'og:url')).toBe(`https://pb.example/${owner.displayName}`);
    expect(meta(html, 'og:image')).toBe('https://pb.example/og-default.png');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain(
      `<link rel="canonical" href="https://pb.example/${owner.displayName}" />`,
    );
    expect(html).toContain('<div id="root"></div>');
  });

  it('escapes a hostile bio everywhere it appears', async () => {
    const html = (await page(`/${owner.displayName}`)).body;
    expect(meta(html, 'description')).toBe(
      '&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;quotes&quot; &lt;b&gt;',
    );
    // Exactly one closing script tag per script element: the bio cannot close the data block.
    const inline =
      /<script type="application\/json" id="pbshare-profile">([\s\S]*?)<\/script>/.exec(
        html,
      )?.[1] ?? '';
    expect(inline).not.toContain('</script');
    expect(inline).not.toContain('<');
    const data = JSON.parse(inline) as {
      profile: { user: { bio: string }; pbs: { title: string }[] };
    };
    expect(data.profile.user.bio).toBe(EVIL_BIO);
    expect(data.profile.pbs.map((p) => p.title)).toEqual(['Deadlift']);
    expect(html).not.toContain(owner.email);
  });

  it("preloads the public page's scripts and the first slide's picture", async () => {
    const html = (await page(`/${owner.displayName}`)).body;
    const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)];
    expect(preloads.map((m) => m[1])).toEqual([
      '/assets/public-profile-page-c.js',
      '/assets/viewer-d.js',
    ]);

    const [pb] = (
      await t.app.inject({ method: 'GET', url: `/v1/pbs/user/${owner.displayName}` })
    ).json<{ data: PublicProfile }>().data.pbs;
    const media = pb?.media;
    expect(media?.type).toBe('image');
    expect(html).toContain(
      `<link rel="preload" as="image" href="${media?.fullUrl}" fetchpriority="high" />`,
    );
    expect(html).toContain(
      `<link rel="preload" as="image" href="${media?.cardUrl ?? media?.fullUrl}" />`,
    );
  });

  it('does not serve the build manifest', async () => {
    // Dot folders are not served: the path falls through to the app like any unknown page.
    const res = await page('/.vite/manifest.json');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).not.toContain('public-profile-page');
  });

  it('answers 404 with the app and no index for an unknown user', async () => {
    const res = await page('/no-such-athlete');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(res.body).toContain('{"username":"no-such-athlete","profile":null}');
    expect(res.body).not.toContain('rel="preload" as="image"');
  });

  it('never treats a route of the app as a username', async () => {
    for (const path of ['/login', '/pricing', '/profile', '/share-profile']) {
      const res = await page(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).not.toContain('pbshare-profile');
      expect(res.body).toContain('<title>PBShare</title>');
    }
  });
});
