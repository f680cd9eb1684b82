import { statSync } from 'node:fs';

import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';

import { test, expect } from '../support/fixtures.js';
import { expandCard } from '../support/pbs.js';
import {
  visitStory,
  endScreenHeading,
  serverPbs,
  setVisibility,
  sharedData,
  sharerWithPbs,
  slideTitle,
  stubWebShare,
} from '../support/share.js';

const THREE_PBS = [
  { title: 'Deadlift', value: '405 lbs', sets: 1, reps: 3 },
  { title: 'Pull-ups', category: 'Bodyweight Training' as const, value: '15 reps' },
  { title: '5K Run', category: 'Running' as const, value: '0:22:48' },
];

/** A signed-out visitor on a device the size of `page`'s, asking for reduced motion. */
async function visitorPage(browser: Browser, page: Page, baseURL: string | undefined) {
  const context = await browser.newContext({
    baseURL,
    viewport: page.viewportSize(),
    isMobile: page.viewportSize()?.width === 390,
    // The story waits on each slide, so the checks below are not raced by its clock.
    reducedMotion: 'reduce',
  });
  return context.newPage();
}

/**
 * A new sharer of THREE_PBS with Pull-ups hidden, on `path` of the app, with the clipboard
 * open to the page. `linkTo` gives the public link of one of the PBs.
 */
async function openWithPullUpsHidden(
  page: Page,
  request: APIRequestContext,
  baseURL: string | undefined,
  path: string,
) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const { account, token, pbs } = await sharerWithPbs(page, request, THREE_PBS);
  const idOf = (title: string) => pbs.find((pb) => pb.title === title)?.id ?? '';
  await setVisibility(request, token, idOf('Pull-ups'), false);
  await page.goto(path);
  return { linkTo: (title: string) => `${baseURL ?? ''}/${account.username}/${idOf(title)}` };
}

/** The 'Share this PB' button of `title`, within `scope`. */
function shareButton(scope: Page | Locator, title: string): Locator {
  return scope.getByRole('button', { name: `Share this PB: ${title}` });
}

/**
 * Clicks 'Share this PB' where the browser has no Web Share (headless Chromium on Linux): the
 * link must land on the clipboard and the story image arrive as a JPEG download.
 */
async function expectCopiedAndDownloaded(page: Page, button: Locator, link: string) {
  const download = page.waitForEvent('download');
  await button.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^pbshare-.+\.jpg$/);
  const path = await file.path();
  expect(statSync(path).size).toBeGreaterThan(0);
  await expect(page.getByText('Link copied!')).toBeVisible();
  await expect(
    page.getByText('Your PB link has been copied to clipboard. Its image is downloading.'),
  ).toBeVisible();
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(link);
}

test.describe('sharing one PB', () => {
  test("a PB's link opens the public story at that PB", async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const { account, token } = await sharerWithPbs(page, request, THREE_PBS);
    const order = await serverPbs(request, token);
    const linked = order[1];
    if (!linked) throw new Error('expected three PBs');

    const v = await visitorPage(browser, page, baseURL);
    const response = await visitStory(v, `/${account.username}/${linked.id}`);
    expect(response?.status()).toBe(200);

    const dialog = v.getByRole('dialog', { name: `${account.username}'s personal bests` });
    await expect(dialog).toBeVisible();
    await expect(slideTitle(v)).toHaveText(linked.title);
    await expect(
      dialog.getByRole('button', { name: `Show personal best 2 of 3: ${linked.title}` }),
    ).toHaveAttribute('aria-current', 'step');
    await expect(v.getByRole('banner')).toHaveCount(0);

    // The story goes on from there to the end, as on the profile's own page.
    await v.keyboard.press('ArrowRight');
    await expect(slideTitle(v)).toHaveText(order[2]?.title ?? '');
    await v.keyboard.press('ArrowRight');
    await expect(endScreenHeading(v)).toBeVisible();
    expect(new URL(v.url()).pathname).toBe(`/${account.username}/${linked.id}`);

    // Watching again plays the whole story, from the first PB.
    await v.getByRole('button', { name: 'Watch again' }).click();
    await expect(slideTitle(v)).toHaveText(order[0]?.title ?? '');

    // Closing shows the end screen and stays on the address.
    await v.getByRole('button', { name: 'Close' }).click();
    await expect(endScreenHeading(v)).toBeVisible();
    expect(new URL(v.url()).pathname).toBe(`/${account.username}/${linked.id}`);

    // A link to a PB that is not shown opens at the first.
    await visitStory(v, `/${account.username}/no-such-pb`);
    await expect(slideTitle(v)).toHaveText(order[0]?.title ?? '');
    await v.context().close();
  });

  test("'Share this PB' on the profile copies the link and downloads the story image", async ({
    page,
    request,
    baseURL,
  }) => {
    const { linkTo } = await openWithPullUpsHidden(page, request, baseURL, '/profile');

    const card = await expandCard(page, 'Deadlift');
    await expectCopiedAndDownloaded(page, shareButton(card, 'Deadlift'), linkTo('Deadlift'));

    // A hidden PB has no public link: the button says so.
    await card.getByRole('button', { name: 'Close Deadlift' }).click();
    const hidden = await expandCard(page, 'Pull-ups');
    await expect(shareButton(hidden, 'Pull-ups')).toBeDisabled();
    await expect(hidden.getByText('Hidden PBs have no public link.')).toBeVisible();
  });

  test("'Share this PB' on /share-profile copies the link and downloads the story image", async ({
    page,
    request,
    baseURL,
  }) => {
    const { linkTo } = await openWithPullUpsHidden(page, request, baseURL, '/share-profile');

    const rows = page.getByRole('listitem').filter({ has: page.getByTestId('share-pb-row') });
    await expect(rows).toHaveCount(3);
    // Only the PBs shown on the public page have a link to share.
    await expect(page.getByRole('button', { name: /^Share this PB/ })).toHaveCount(2);
    await expect(shareButton(page, 'Pull-ups')).toHaveCount(0);

    await expectCopiedAndDownloaded(
      page,
      shareButton(rows.filter({ hasText: '5K Run' }), '5K Run'),
      linkTo('5K Run'),
    );
    // The button beside the row did not toggle it.
    await expect(rows.filter({ hasText: '5K Run' }).getByTestId('share-pb-row')).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('where the device shares files, the share sheet gets the JPEG with the link', async ({
    page,
    request,
    baseURL,
  }) => {
    const { account, pbs } = await sharerWithPbs(page, request, THREE_PBS);
    await stubWebShare(page);
    const deadlift = pbs.find((pb) => pb.title === 'Deadlift');
    const downloads: string[] = [];
    page.on('download', (download) => downloads.push(download.suggestedFilename()));

    await page.goto('/profile');
    const card = await expandCard(page, 'Deadlift');
    await shareButton(card, 'Deadlift').click();
    await expect.poll(async () => (await sharedData(page)).length).toBe(1);
    const [shared] = await sharedData(page);
    expect(shared).toMatchObject({
      title: 'Deadlift: 405 lbs',
      text: 'My Deadlift PB: 405 lbs',
      url: `${baseURL ?? ''}/${account.username}/${deadlift?.id ?? ''}`,
    });
    expect(shared?.files).toHaveLength(1);
    const file = shared?.files[0];
    expect(file?.name).toBe(`pbshare-${account.username}-deadlift.jpg`);
    expect(file?.type).toBe('image/jpeg');
    expect(file?.size).toBeGreaterThan(1000);
    // A JPEG begins with its start-of-image marker.
    expect(file?.head).toEqual([0xff, 0xd8, 0xff]);

    // The share sheet was the answer: no copy, no download, no toast.
    await expect(page.getByText('Link copied!')).toHaveCount(0);
    expect(downloads).toEqual([]);

    // And from /share-profile too.
    await page.goto('/share-profile');
    await shareButton(page, 'Deadlift').click();
    await expect.poll(async () => (await sharedData(page)).length).toBe(1);
    expect((await sharedData(page))[0]?.files[0]?.type).toBe('image/jpeg');
  });
});
