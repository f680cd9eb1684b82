import type { Page } from '@playwright/test';

import { expectSignedIn } from '../support/accounts.js';
import { test, expect } from '../support/fixtures.js';
import {
  visitStory,
  LONG_STORY,
  serverPbs,
  setVisibility,
  sharerWithPbs,
  slideTitle,
} from '../support/share.js';

/** Every request the page makes to the public profile API. */
function watchProfileCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/v1/pbs/user/')) calls.push(request.url());
  });
  return calls;
}

test.describe('public profile', () => {
  test('a visitor sees the visible PBs in order from the page itself, then the end screen', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const { account, token, pbs } = await sharerWithPbs(page, request, [
      { title: 'Deadlift', value: '405 lbs', sets: 1, reps: 3, story: LONG_STORY },
      { title: 'Pull-ups', category: 'Bodyweight Training', value: '15 reps' },
      { title: '5K Run', category: 'Running', value: '0:22:48', media: 'video' },
    ]);
    const hidden = pbs.find((pb) => pb.title === 'Pull-ups');
    await setVisibility(request, token, hidden?.id ?? '', false);
    const expected = (await serverPbs(request, token))
      .filter((pb) => pb.isVisible)
      .map((pb) => pb.title);
    expect(expected).toHaveLength(2);

    // The HTML itself carries the link preview.
    const html = await (await request.get(`/${account.username}`)).text();
    expect(html).toContain(
      `<meta property="og:title" content="${account.username} Personal Bests" />`,
    );

    // A signed-out visitor, on a device of the same size. Asking for reduced motion, so the story
    // waits on each slide and the walk below is not raced by its clock (story-playback.spec.ts
    // covers the playing).
    const visitor = await browser.newContext({
      baseURL,
      viewport: page.viewportSize(),
      isMobile: page.viewportSize()?.width === 390,
      reducedMotion: 'reduce',
    });
    const v = await visitor.newPage();
    const calls = watchProfileCalls(v);
    const errors: string[] = [];
    v.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    const response = await visitStory(v, `/${account.username}`);
    expect(response?.status()).toBe(200);
    await expect(v).toHaveTitle(`${account.username} Personal Bests`);

    const dialog = v.getByRole('dialog', { name: `${account.username}'s personal bests` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^Show personal best/ })).toHaveCount(2);
    await expect(v.getByRole('banner')).toHaveCount(0);
    const endHeading = v.getByRole('heading', {
      level: 1,
      name: 'Behind every PB is a story worth telling.',
    });
    for (const title of expected) {
      await expect(slideTitle(v)).toHaveText(title);
      if (title === 'Deadlift') {
        // The photo really loaded (a broken media URL would also fail the console check).
        await expect
          .poll(() =>
            v.evaluate<number>(
              "document.querySelector('[data-testid=story-slide] img[alt]').naturalWidth",
            ),
          )
          .toBeGreaterThan(0);
      }
      await v.keyboard.press('ArrowRight');
    }
    // Past the last slide the story is over: the end screen, not the first slide again.
    await expect(dialog).toBeHidden();
    await expect(endHeading).toBeVisible();
    expect(calls, 'the inline profile needs no API call').toEqual([]);

    // Watching again starts at the first; closing shows the end screen.
    await v.getByRole('button', { name: 'Watch again' }).click();
    await expect(slideTitle(v)).toHaveText(expected[0] ?? '');
    await v.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(endHeading).toBeVisible();
    await v.getByRole('button', { name: 'Watch again' }).click();
    await expect(slideTitle(v)).toHaveText(expected[0] ?? '');
    await v.keyboard.press('Escape');
    await v.getByRole('link', { name: 'Start sharing yours' }).click();
    await expect(v).toHaveURL(/\/$/);
    await expect(v.getByRole('heading', { level: 1 })).toHaveText(
      'Every PB has a story. Show it off.',
    );
    expect(errors).toEqual([]);
    await visitor.close();
  });

  test('the end screen lists the PBs, opens the story at one, and sends the owner to edit', async ({
    page,
    request,
  }, testInfo) => {
    const { account } = await sharerWithPbs(page, request, [
      { title: 'Deadlift', value: '405 lbs' },
      { title: 'Squat', value: '315 lbs' },
      { title: '5K Run', category: 'Running', value: '0:22:48', media: 'video' },
    ]);
    // The owner, signed in in this browser, looks at their own page.
    await visitStory(page, `/${account.username}`);
    await page.getByRole('button', { name: 'Close' }).click();
    const list = page.getByRole('list', { name: `${account.username}'s personal bests` });
    await expect(list.getByRole('button')).toHaveCount(3);
    await expect(page.getByText('3 personal bests')).toBeVisible();
    const edit = page.getByRole('link', { name: 'Edit your PBs' });
    await expect(edit).toHaveAttribute('href', '/profile');
    await expect(page.getByRole('link', { name: 'Start sharing yours' })).toHaveCount(0);
    // Every thumbnail really loaded (the video's is its poster).
    await expect
      .poll(() =>
        list
          .locator('img')
          .evaluateAll((images) =>
            images.every((img) => (img as unknown as { naturalWidth: number }).naturalWidth > 0),
          ),
      )
      .toBe(true);
    await page.screenshot({ path: testInfo.outputPath('end-screen.png') });

    await list.getByRole('button', { name: 'Watch Squat, 315 lbs' }).click();
    await expect(slideTitle(page)).toHaveText('Squat');
    await page.keyboard.press('ArrowRight');
    await expect(slideTitle(page)).toHaveText('Deadlift');
    await page.keyboard.press('Escape');
    await edit.click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('a profile reached inside the app is fetched, and names match in any case', async ({
    page,
    request,
  }) => {
    const { account } = await sharerWithPbs(page, request, [
      { title: 'Deadlift', value: '405 lbs' },
    ]);
    const calls = watchProfileCalls(page);

    // Any case of the name works, served by the server with the profile inline.
    await visitStory(page, `/${account.username.toUpperCase()}`);
    await expect(slideTitle(page)).toHaveText('Deadlift');
    expect(calls).toEqual([]);

    // A client-side visit has no inline data and asks the API. (From a page the app renders in
    // the browser: a prerendered one would show its heading before its script has taken over.)
    await page.goto('/profile');
    await expectSignedIn(page, account.username);
    await page.evaluate(
      `history.pushState(null, '', '/${account.username}'); dispatchEvent(new PopStateEvent('popstate'))`,
    );
    await expect(slideTitle(page)).toHaveText('Deadlift');
    expect(calls).toHaveLength(1);
  });

  test('an unknown username answers 404 with Profile Not Found', async ({ browser, baseURL }) => {
    // A context of its own: Chromium logs the page's own 404 as a console error, which the
    // shared fixture would count against the page. Here that 404 is the point.
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !msg.text().includes('status of 404')) errors.push(msg.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));

    const response = await page.goto('/nobody-by-this-name');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Profile Not Found' })).toBeVisible();
    await expect(
      page.getByText("The profile you're looking for doesn't exist or is not available."),
    ).toBeVisible();
    await expect(page).toHaveTitle('Profile Not Found · PBShare');
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('robots.txt lets crawlers read public profiles', async ({ request }) => {
    const res = await request.get('/robots.txt');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^text\/plain/);
    expect(await res.text()).toMatch(/^User-agent: \*\nAllow: \/$/m);
  });
});
