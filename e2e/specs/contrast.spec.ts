import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';

import { test, expect } from '../support/fixtures.js';
import { expandCard } from '../support/pbs.js';
import { sharerWithPbs } from '../support/share.js';

/**
 * Text below WCAG AA contrast on the page as it stands (4.5:1, 3:1 for large text), by axe's
 * color-contrast rule: one line per offending element, with the colours and ratio axe measured.
 * Text over a photo or a gradient is not measurable and lands in axe's "incomplete", not here.
 */
async function lowContrast(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${node.target.join(' ')}: ${node.any[0]?.message ?? ''}`),
  );
}

/** Opens `path`, waits for `ready`, then checks the contrast and keeps a screenshot. */
async function check(page: Page, path: string, ready: (page: Page) => Locator, name: string) {
  await page.goto(path);
  await expect(ready(page)).toBeVisible();
  // Soft: one run reports every page that fails, not only the first.
  expect.soft(await lowContrast(page), `low contrast on ${path}`).toEqual([]);
  await page.screenshot({ path: test.info().outputPath(`contrast-${name}.png`) });
}

const h1 = (name: string) => (page: Page) => page.getByRole('heading', { level: 1, name });

test.describe('text contrast (WCAG AA)', () => {
  test.beforeEach(async ({ page }) => {
    // Fades and slides finished at once: axe reads colours as painted, mid-fade text measures low.
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });

  test("the visitor's pages", async ({ page }) => {
    test.setTimeout(60_000);
    await check(page, '/', h1('Every PB has a story. Show it off.'), 'landing');
    await check(page, '/login', h1('Welcome back'), 'sign-in');
    await check(page, '/signup', h1('Create your account'), 'sign-up');
    await check(page, '/pricing', h1('Upgrade to Pro'), 'pricing');
  });

  test('the signed-in pages and the public page, with PBs', async ({ page, request }) => {
    // Seven pages and an open card, each read whole by axe.
    test.setTimeout(120_000);
    // Today, so the better record shows its New PB badge and its change.
    const today = new Date().toISOString().slice(0, 10);
    const { account } = await sharerWithPbs(page, request, [
      { title: 'Deadlift', value: '140 kg', sets: 3, reps: 5, date: '2026-01-10' },
      { title: 'Deadlift', value: '150 kg', sets: 3, reps: 5, date: today, story: 'Finally.' },
      { title: 'Pull-ups', category: 'Bodyweight Training', value: '15 reps', sets: 3 },
    ]);

    await check(page, '/profile', (p) => p.getByTestId('pb-count'), 'profile');
    await expandCard(page, 'Deadlift');
    expect.soft(await lowContrast(page), 'low contrast on an open card').toEqual([]);
    await check(page, '/add-pb', h1('Add New Personal Best'), 'add-pb');
    await check(page, '/profile/settings', h1('Profile Settings'), 'settings');
    await check(page, '/profile/settings?tab=account', h1('Profile Settings'), 'settings-account');
    await check(page, '/share-profile', h1('Share Profile'), 'share-profile');
    await check(page, `/${account.username}`, (p) => p.getByTestId('story-value'), 'public-page');
  });
});
