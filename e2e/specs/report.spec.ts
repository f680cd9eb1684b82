import { mkdirSync } from 'node:fs';
import type { Page, Response as PlaywrightResponse } from '@playwright/test';

import { expectAccessible } from '../support/a11y.js';
import { test, expect } from '../support/fixtures.js';
import { endScreenHeading, sharerWithPbs, slideTitle, visitStory } from '../support/share.js';
import { visitorContext } from '../support/visitor.js';

/** Where the screenshots of the open form go, one per size, for a look at the layout. */
const SHOTS = '/tmp/shots';

/** The scripts a page loads, from now on. */
function watchScripts(page: Page): { name: string; response: PlaywrightResponse }[] {
  const scripts: { name: string; response: PlaywrightResponse }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push({ name: new URL(response.url()).pathname.split('/').pop() ?? '', response });
  });
  return scripts;
}

/** The JSON body of the next POST /v1/reports the page sends. */
async function nextReport(page: Page): Promise<Record<string, unknown>> {
  const sent = await page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/v1/reports',
  );
  return sent.postDataJSON() as Record<string, unknown>;
}

test.describe('reporting a public page', () => {
  test('a visitor reports a PB from the story, then the profile from the end screen', async ({
    page,
    request,
    browser,
    baseURL,
  }, testInfo) => {
    // Four accessibility checks on top of the walk.
    test.setTimeout(120_000);
    const { account, pbs } = await sharerWithPbs(page, request, [
      { title: 'Deadlift', value: '405 lbs' },
      { title: 'Pull-ups', category: 'Bodyweight Training', value: '15 reps' },
    ]);
    // A signed-out visitor who asked for less motion, so the story waits on its first slide.
    const context = await visitorContext(browser, baseURL, page.viewportSize(), {
      reducedMotion: 'reduce',
    });
    const v = await context.newPage();
    const scripts = watchScripts(v);
    await visitStory(v, `/${account.username}`);
    // The form costs the page nothing until it is asked for.
    expect(scripts.filter(({ name }) => name.startsWith('report-dialog-'))).toEqual([]);

    // The newest PB leads the story.
    await expect(slideTitle(v)).toHaveText('Pull-ups');
    const pullUps = pbs.find((pb) => pb.title === 'Pull-ups');
    const story = v.getByRole('dialog', { name: `${account.username}'s personal bests` });
    const flag = story.getByRole('button', { name: 'Report Pull-ups' });
    await expect(flag).toBeVisible();
    mkdirSync(SHOTS, { recursive: true });
    await v.screenshot({ path: `${SHOTS}/report-story-${testInfo.project.name}.png` });
    await expectAccessible(v, 'story-with-report');
    await flag.click();

    const form = v.getByRole('dialog', { name: 'Report' });
    await expect(form).toBeVisible();
    // Escape closes the form alone: the story under it stays, where it was.
    await v.keyboard.press('Escape');
    await expect(form).toBeHidden();
    await expect(story).toBeVisible();
    await expect(flag).toBeFocused();
    await v.keyboard.press('Enter');
    await expect(form).toBeVisible();
    await expect(form).toHaveAccessibleDescription(
      `About Pull-ups on ${account.username}'s page. They won't learn who reported it.`,
    );
    // Nothing from the signed-in app came with it (soft: the walk below still runs).
    expect(scripts.some(({ name }) => name.startsWith('report-dialog-'))).toBe(true);
    const code = (await Promise.all(scripts.map(({ response }) => response.body())))
      .map((body) => body.toString('utf8'))
      .join('\n');
    for (const marker of ['ZodError', 'data-sonner-toaster', 'inside another <Router>']) {
      expect.soft(code.includes(marker), `a public page script contains '${marker}'`).toBe(false);
    }

    await form.getByRole('button', { name: 'Send report' }).click();
    await expect(form.getByRole('alert').first()).toHaveText('Choose a reason');
    await expectAccessible(v, 'report-form-with-errors');
    await form.getByRole('radio', { name: "Someone else's photo or video" }).check();
    await form.getByLabel('Anything we should know? (optional)').fill('That is my gym video.');
    await form.getByLabel('Your e-mail, for our answer').fill('visitor@example.com');
    await v.screenshot({ path: `${SHOTS}/report-pb-${testInfo.project.name}.png` });

    const sent = nextReport(v);
    await form.getByRole('button', { name: 'Send report' }).click();
    expect(await sent).toEqual({
      username: account.username,
      pbId: pullUps?.id,
      reason: 'not-theirs',
      note: 'That is my gym video.',
      email: 'visitor@example.com',
    });
    await expect(form.getByRole('status')).toHaveText("Thanks, we'll review it");
    await expect(form.getByRole('button', { name: 'Close' })).toBeFocused();
    await expectAccessible(v, 'report-thanks');
    await form.getByRole('button', { name: 'Close' }).click();
    await expect(form).toBeHidden();
    await expect(flag).toBeFocused();
    // The story is where it was.
    await expect(slideTitle(v)).toHaveText('Pull-ups');

    await story.getByRole('button', { name: 'Close' }).click();
    await expect(endScreenHeading(v)).toBeVisible();
    const reportProfile = v.getByRole('button', { name: 'Report this profile' });
    await expect(reportProfile).toBeVisible();
    await v.screenshot({ path: `${SHOTS}/report-end-screen-${testInfo.project.name}.png` });
    await expectAccessible(v, 'end-screen-with-report');
    await reportProfile.click();
    await expect(form).toHaveAccessibleDescription(
      `About ${account.username}'s profile. They won't learn who reported it.`,
    );
    await form.getByRole('radio', { name: 'Spam or a fake profile' }).check();
    await form.getByLabel('Your e-mail, for our answer').fill('visitor@example.com');
    await v.screenshot({ path: `${SHOTS}/report-profile-${testInfo.project.name}.png` });
    const profileReport = nextReport(v);
    await form.getByRole('button', { name: 'Send report' }).click();
    expect(await profileReport).toEqual({
      username: account.username,
      reason: 'spam',
      note: '',
      email: 'visitor@example.com',
    });
    await expect(form.getByRole('status')).toHaveText("Thanks, we'll review it");
    await context.close();
  });

  test('the owner, signed in, is offered no Report on their own page', async ({
    page,
    request,
  }) => {
    // Signed in on `page` by the support helper.
    const { account } = await sharerWithPbs(page, request, [
      { title: 'Deadlift', value: '405 lbs' },
    ]);
    await visitStory(page, `/${account.username}`);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('link', { name: 'Edit your PBs' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Report/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Watch again' }).click();
    await expect(slideTitle(page)).toHaveText('Deadlift');
    await expect(page.getByRole('button', { name: /^Report/ })).toHaveCount(0);
  });
});
