import type { PublicProfile } from '@pbshare/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newSignedInUser, type SignedIn } from '../test/accounts.js';
import { formData } from '../test/form-data.js';
import { createPb, weightFields } from '../test/pbs.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { removeWebDist, writeWebDist } from '../test/web-dist.js';
import { renderProfilePage } from './profile-html.js';

describe.each(['on', 'off'] as const)('with the fast path %s', (mode) => {
  let t: TestApp;
  let dist: string;
  let owner: SignedIn;
  // Markup, and the `$&` and `$$` that String.replace would read as patterns.
  const EVIL_BIO = '</script><script>alert("x")</script> & "quotes" <b> $& $$';

  beforeAll(async () => {
    const head =
      '<head>\n<meta name="description"\n content="Default" />\n<title>PBShare</title>\n</head>';
    dist = writeWebDist(
      {
        'index.html': `<!doctype html><html>${head}<body><div id="root"></div></body></html>`,
        // The public page's own document, whose lean script hydrates the server's markup.
        'public-profile.html': `<!doctype html><html>${head}<body><div id="root"></div><script type="module" src="/assets/public-profile-a.js"></script></body></html>`,
      },
      {
        // Stands in for the React renderer `vite build --ssr` makes: shows what it was given.
        renderer: `export function renderPublicPage(page) {
          const who = page.profile ? page.profile.user.displayName : 'nobody';
          return '<main data-rendered="' + who + ':' + (page.pbId ?? '') + '"></main>';
        }
        export function renderPublicPageWithoutScript(page) {
          return page.profile ? '<main data-listed="' + page.profile.pbs.length + '"></main>' : '';
        }`,
      },
    );
    t = await createTestApp({
      webDistDir: dist,
      publicOrigin: 'https://pb.example',
      publicFastPath: mode === 'on',
    });
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
    removeWebDist(dist);
  });

  const page = (path: string) => t.app.inject({ method: 'GET', url: path });
  const meta = (html: string, key: string) =>
    new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];
  const inlineProfile = (html: string) =>
    (
      JSON.parse(
        /<script type="application\/json" id="pbshare-profile">([\s\S]*?)<\/script>/.exec(
          html,
        )?.[1] ?? 'null',
      ) as { profile: PublicProfile | null }
    ).profile;

  /**
   * Fetches the page's og:image and checks it is what the tags declare: the same as twitter:image,
   * a JPEG, of the declared width and height. Answers that size.
   */
  async function previewImageOf(html: string): Promise<{ width: number; height: number }> {
    const url = meta(html, 'og:image') ?? '';
    expect(meta(html, 'twitter:image')).toBe(url);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(url.startsWith('https://pb.example/previews/')).toBe(true);
    const res = await page(new URL(url).pathname);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(meta(html, 'og:image:type')).toBe('image/jpeg');
    const { width, height, format } = await sharp(res.rawPayload).metadata();
    expect(format).toBe('jpeg');
    expect(String(width)).toBe(meta(html, 'og:image:width'));
    expect(String(height)).toBe(meta(html, 'og:image:height'));
    return { width, height };
  }

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
      expect(meta(html, 'og:image')).toMatch(
        new RegExp(`^https://pb\\.example/previews/profile/${owner.displayName}/[\\w-]+\\.jpg$`),
      );
      expect(meta(html, 'twitter:card')).toBe('summary_large_image');
      expect(html).toContain(
        `<link rel="canonical" href="https://pb.example/${owner.displayName}" />`,
      );
      expect(html).toContain(
        `<div id="root"><main data-rendered="${owner.displayName}:"></main></div>`,
      );
      expect(html).toContain('src="/assets/public-profile-a.js"');
    });

    it('escapes a hostile bio everywhere it appears', async () => {
      const html = (await page(`/${owner.displayName}`)).body;
      expect(meta(html, 'description')).toBe(
        '&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;quotes&quot; &lt;b&gt; $&amp; $$',
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

    it("preloads the first slide's picture, exactly as the viewer asks for it", async () => {
      const html = (await page(`/${owner.displayName}`)).body;
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

    it('links its preview image, with the type and size it has', async () => {
      const html = (await page(`/${owner.displayName}`)).body;
      expect(await previewImageOf(html)).toEqual({ width: 1200, height: 630 });
      expect(meta(html, 'og:image:alt')).toBe(`Personal bests of ${owner.displayName} on PBShare`);
    });

    it('carries, for a browser without script, the list in place of the story it hides', async () => {
      const html = (await page(`/${owner.displayName}`)).body;
      expect(html).toContain(
        '<noscript><style>#root{display:none}</style><main data-listed="1"></main></noscript><div id="root"><main',
      );
      expect(html.match(/<noscript>/g)).toHaveLength(1);
    });

    it('answers 404 with the app and no index for an unknown user', async () => {
      const res = await page('/no-such-athlete');
      expect(res.statusCode).toBe(404);
      // Profile Not Found needs no script: nothing is hidden.
      expect(res.body).not.toContain('<noscript>');
      expect(res.body).toContain('<div id="root"><main data-rendered="nobody:"></main></div>');
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(res.body).toContain('{"username":"no-such-athlete","profile":null}');
      expect(res.body).not.toContain('rel="preload" as="image"');
    });

    it('never treats a route of the app as a username', async () => {
      for (const path of [
        '/login',
        '/pricing',
        '/profile',
        '/share-profile',
        '/pricing/x',
        '/edit-pb/123',
      ]) {
        const res = await page(path);
        expect(res.statusCode, path).toBe(200);
        expect(res.body, path).not.toContain('pbshare-profile');
        expect(res.body).toContain('<title>PBShare</title>');
      }
    });
  });

  describe('GET /{username}/{pbId}', () => {
    let linker: SignedIn;
    let profile: PublicProfile;
    const LONG_STORY = `${'Months of work on the bottom position and a belt that finally fit. '.repeat(4)}Done.`;

    beforeAll(async () => {
      linker = await newSignedInUser(t, 'Linker');
      await createPb(t.app, linker, { ...weightFields('Bench', '225 lbs'), story: LONG_STORY });
      await createPb(t.app, linker, weightFields('Squat', '315 lbs'));
      profile = (
        await t.app.inject({ method: 'GET', url: `/v1/pbs/user/${linker.displayName}` })
      ).json<{ data: PublicProfile }>().data;
    });

    const pbCard = (title: string) => {
      const card = profile.pbs.find((pb) => pb.title === title);
      if (!card) throw new Error(`no ${title}`);
      return card;
    };

    it("carries that PB's title, description, address and preview image, and the profile inline", async () => {
      const bench = pbCard('Bench');
      // Not the first slide: the page opens the story further in.
      expect(profile.pbs[0]?.id).not.toBe(bench.id);
      const res = await page(`/${linker.displayName.toLowerCase()}/${bench.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      const html = res.body;
      const title = `Bench: ${bench.displayValue} · ${linker.displayName}`;
      expect(html).toContain(`<title>${title}</title>`);
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(meta(html, 'og:title')).toBe(title);
      expect(meta(html, 'twitter:title')).toBe(title);
      expect(meta(html, 'og:type')).toBe('article');

      const description = meta(html, 'description') ?? '';
      expect(description.length).toBeLessThanOrEqual(160);
      expect(description.endsWith('…')).toBe(true);
      expect(LONG_STORY.startsWith(description.slice(0, -1))).toBe(true);
      expect(meta(html, 'og:description')).toBe(description);

      const url = `https://pb.example/${linker.displayName}/${bench.id}`;
      expect(meta(html, 'og:url')).toBe(url);
      expect(html).toContain(`<link rel="canonical" href="${url}" />`);

      expect(meta(html, 'og:image')).toContain(`/previews/pb/${linker.displayName}/${bench.id}/`);
      expect(await previewImageOf(html)).toEqual({ width: 1200, height: 630 });

      expect(inlineProfile(html)).toEqual(profile);
      expect(html).toContain(`{"username":"${linker.displayName.toLowerCase()}","profile":{`);
      // The story opens at that PB, in the markup and in the props the browser hydrates.
      expect(html).toContain(`"pbId":"${bench.id}"}`);
      expect(html).toContain(`<main data-rendered="${linker.displayName}:${bench.id}"></main>`);
    });

    it("preloads the linked PB's picture rather than the first slide's", async () => {
      const bench = pbCard('Bench');
      const first = profile.pbs[0];
      const html = (await page(`/${linker.displayName}/${bench.id}`)).body;
      expect(html).toContain(
        `<link rel="preload" as="image" href="${bench.media.fullUrl}" fetchpriority="high" />`,
      );
      expect(html).not.toContain(`href="${first?.media.fullUrl}"`);
    });

    it("says a PB's story in full when it is short", async () => {
      const squat = pbCard('Squat');
      const html = (await page(`/${linker.displayName}/${squat.id}`)).body;
      expect(meta(html, 'description')).toBe('Four plates at last.');
      expect(meta(html, 'og:image:alt')).toBe(
        `Squat: ${squat.displayValue}, a personal best of ${linker.displayName}`,
      );
    });

    it("answers a hidden PB's link (or an unknown PB's) with the profile's page and its data", async () => {
      const hidden = await createPb(t.app, linker, weightFields('Row', '185 lbs'));
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/v1/pbs/visibility',
        headers: bearer(linker),
        payload: { id: hidden.id, isVisible: false },
      });
      expect(res.statusCode).toBe(200);
      const now = (
        await t.app.inject({ method: 'GET', url: `/v1/pbs/user/${linker.displayName}` })
      ).json<{ data: PublicProfile }>().data;
      for (const id of [hidden.id, 'no-such-pb']) {
        const answer = await page(`/${linker.displayName}/${id}`);
        expect(answer.statusCode, id).toBe(200);
        const html = answer.body;
        expect(html, id).toContain(`<title>${linker.displayName} Personal Bests</title>`);
        expect(meta(html, 'og:url'), id).toBe(`https://pb.example/${linker.displayName}`);
        expect(meta(html, 'og:image'), id).toContain(`/previews/profile/${linker.displayName}/`);
        expect(inlineProfile(html), id).toEqual(now);
        expect(html, id).not.toContain(hidden.id);
        expect(html, id).toContain(`<main data-rendered="${linker.displayName}:"></main>`);
      }
    });

    it('answers a second part that cannot be a PB id as any other path of the app', async () => {
      for (const path of [
        `/${linker.displayName}/not%20an%20id!`,
        `/${linker.displayName}/a.json`,
      ]) {
        const res = await page(path);
        expect(res.statusCode, path).toBe(200);
        expect(res.body, path).toContain('<title>PBShare</title>');
        expect(res.body, path).not.toContain('pbshare-profile');
      }
    });

    it("answers 404 with the app for an unknown person's PB link", async () => {
      const res = await page(`/no-such-athlete/${pbCard('Bench').id}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(res.body).toContain('{"username":"no-such-athlete","profile":null}');
    });

    it("sends an old name's PB link to the same PB under the new name", async () => {
      const mover = await newSignedInUser(t, 'Mover');
      const pb = await createPb(t.app, mover, weightFields('Clean', '185 lbs'));
      const renamed = `${mover.displayName}_two`;
      const res = await t.app.inject({
        method: 'PUT',
        url: '/v1/users',
        headers: bearer(mover),
        payload: { displayName: renamed },
      });
      expect(res.statusCode).toBe(200);
      const moved = await page(`/${mover.displayName}/${pb.id}?from=chat`);
      expect(moved.statusCode).toBe(301);
      expect(moved.headers.location).toBe(`/${renamed}/${pb.id}?from=chat`);
      expect(moved.headers['cache-control']).toBe('no-cache');
      const there = await page(`/${renamed}/${pb.id}`);
      expect(meta(there.body, 'og:url')).toBe(`https://pb.example/${renamed}/${pb.id}`);
    });
  });
});

describe('the document of a profile whose story opens on a video', () => {
  const template =
    '<!doctype html><html><head><title>PBShare</title></head><body><div id="root"></div><script data-entry="/assets/public-profile-a.js">boot</script></body></html>';
  const video = {
    type: 'video' as const,
    status: 'ready' as const,
    url: '/media/pbs/v/video.mp4',
    cardUrl: null,
    fullUrl: '/media/pbs/v/video.mp4',
    posterUrl: '/media/pbs/v/poster.webp',
    width: 1080,
    height: 1920,
    durationSeconds: 3,
  };
  const profile: PublicProfile = {
    user: { displayName: 'Runner', bio: '', profileImage: null },
    pbs: [
      {
        id: 'v',
        title: '5K Run',
        category: 'Running',
        value: '0:22:48',
        displayValue: '22:48',
        amount: 1368,
        unit: 'duration',
        date: 'March 4, 2026',
        achievedOn: '2026-03-04',
        sets: null,
        reps: null,
        story: '',
        image: video.fullUrl,
        mediaType: 'video',
        media: video,
        newPbUntil: null,
      },
    ],
  };

  const preview = {
    url: 'https://pb.example/previews/p.jpg',
    path: '/previews/p.jpg',
    type: 'image/jpeg' as const,
    width: 1200,
    height: 630,
  };

  it('asks for its poster ahead, never the video itself, which waits for the script', () => {
    const html = renderProfilePage(template, {
      origin: 'https://pb.example',
      username: 'Runner',
      profile,
      previews: { profilePreview: () => preview, pbPreview: () => preview },
    });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/media/pbs/v/poster.webp" />');
    const links = head.match(/<link [^>]*>/g) ?? [];
    expect(links.filter((link) => link.includes('video.mp4'))).toEqual([]);
    expect(links.filter((link) => /as="(video|fetch)"/.test(link))).toEqual([]);
    // Nothing with a high priority competes with the script for the line.
    expect(head).not.toContain('fetchpriority="high"');
  });
});
