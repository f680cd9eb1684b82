import { test, expect } from '../support/fixtures.js';
import { LONG_STORY, serverPbs, setVisibility, sharerWithPbs } from '../support/share.js';
import { visitorContext } from '../support/visitor.js';

test.describe('the public page without JavaScript', () => {
  test('is a scrollable list of the visible PBs with working links and no dead controls', async ({
    page,
    request,
    browser,
    baseURL,
  }, testInfo) => {
    const { account, token } = await sharerWithPbs(page, request, [
      { title: 'Deadlift', value: '405 lbs', sets: 1, reps: 3, story: LONG_STORY },
      { title: 'Pull-ups', category: 'Bodyweight Training', value: '15 reps' },
      { title: '5K Run', category: 'Running', value: '0:22:48', media: 'video' },
    ]);
    const pullUps = (await serverPbs(request, token)).find((pb) => pb.title === 'Pull-ups');
    await setVisibility(request, token, pullUps?.id ?? '', false);

    const size = page.viewportSize();
    const context = await visitorContext(browser, baseURL, size, { javaScriptEnabled: false });
    const v = await context.newPage();
    await v.goto(`/${account.username}`);

    // The story, whose controls need the script, is not shown at all.
    await expect(v.getByRole('dialog')).toBeHidden();
    await expect(v.getByRole('button')).toHaveCount(0);

    await expect(v.getByRole('heading', { level: 1 })).toHaveText(account.username);
    // (Playwright's text locators skip <noscript>, where this page lives: assertions on
    // elements' text instead.)
    await expect(v.getByTestId('profile-count')).toHaveText('2 personal bests');
    const list = v.getByRole('list', { name: 'Personal bests' });
    await expect(list.getByRole('heading', { level: 2 })).toHaveText(['5K Run', 'Deadlift']);
    await expect(list).not.toContainText('Pull-ups');

    const [run, deadlift] = await list.getByRole('listitem').all();
    if (!run || !deadlift) throw new Error('the list has not two PBs');
    await expect(deadlift).toContainText('405 lbs');
    await expect(deadlift).toContainText('1 set × 3 reps');
    // The whole story, not a clamped teaser.
    await expect(deadlift).toContainText(LONG_STORY);
    const photo = deadlift.getByRole('img', { name: 'Deadlift, 405 lbs' });
    await photo.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        photo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
      )
      .toBeGreaterThan(0);

    // The video plays with the browser's own controls.
    const video = run.locator('video');
    await expect(video).toHaveAttribute('controls', '');
    await expect(video).toHaveAttribute('src', /\/media\//);

    // The page scrolls to its end, where the way on is a plain link.
    const start = v.getByRole('link', { name: 'Start sharing yours' });
    await start.scrollIntoViewIfNeeded();
    expect(await v.evaluate('window.scrollY')).toBeGreaterThan(0);
    await v.screenshot({
      path: testInfo.outputPath('no-js.png'),
      fullPage: true,
    });
    await start.click();
    await expect(v).toHaveURL(/\/$/);
    await context.close();
  });

  test("says an all-hidden profile hasn't shared any PBs yet", async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const { account, token, pbs } = await sharerWithPbs(page, request, [
      { title: 'Deadlift', value: '405 lbs' },
    ]);
    await setVisibility(request, token, pbs[0]?.id ?? '', false);
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const v = await context.newPage();
    await v.goto(`/${account.username}`);
    const count = v.getByTestId('profile-without-script').getByTestId('profile-count');
    await expect(count).toBeVisible();
    await expect(count).toHaveText(`${account.username} hasn't shared any PBs yet.`);
    await expect(v.getByRole('button')).toHaveCount(0);
    await expect(v.getByRole('link', { name: 'Start sharing yours' })).toHaveAttribute('href', '/');
    await context.close();
  });
});
