import { test, expect } from '../support/fixtures.js';
import { expectHostPrefix } from '../support/landing.js';

/** Each page the build renders to HTML, and the heading it opens with. */
const PAGES = [
  { path: '/', title: /^PBShare/, heading: 'Every PB has a story. Show it off.' },
  { path: '/pricing', title: 'Pricing · PBShare', heading: 'Upgrade to Pro' },
  { path: '/terms', title: 'Terms of Service · PBShare', heading: 'Terms of Service' },
  { path: '/privacy', title: 'Privacy Policy · PBShare', heading: 'Privacy Policy' },
];

test.describe('pages rendered at build time', () => {
  test('read in full with JavaScript disabled', async ({ browser, baseURL, page }) => {
    const context = await browser.newContext({
      baseURL,
      viewport: page.viewportSize(),
      javaScriptEnabled: false,
    });
    const v = await context.newPage();
    for (const { path, title, heading } of PAGES) {
      await v.goto(path);
      await expect(v, path).toHaveTitle(title);
      await expect(v.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(v.getByRole('contentinfo').getByRole('link', { name: 'Terms' })).toBeVisible();
    }

    // The whole landing page: hero, claim form, social proof, features, closing call, footer.
    await v.goto('/');
    await expect(v.getByRole('region', { name: 'Sample personal bests' })).toBeVisible();
    await expect(v.getByRole('textbox', { name: 'Your username' })).toBeVisible();
    await expect(v.getByText('3,548', { exact: true })).toBeVisible();
    const features = v.getByRole('region', { name: 'Everything your personal bests deserve' });
    await expect(features.getByRole('listitem')).toHaveCount(6);
    await expect(
      v
        .getByRole('region', { name: 'Your next PB deserves an audience' })
        .getByRole('link', { name: 'Create your free page' }),
    ).toBeVisible();

    // The claim form is a plain form too: it reaches sign-up with the name before any script.
    await v.getByRole('textbox', { name: 'Your username' }).fill('maya');
    await v.getByRole('button', { name: 'Share your PBs' }).click();
    await expect(v).toHaveURL(/\/signup\?username=maya$/);
    await context.close();
  });

  test('hydrate without a console error and work at once', async ({ page }) => {
    // The fixture fails the test on any console error, a hydration mismatch included.
    for (const { path, heading } of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    // Hydrated: the landing page's claim form shows this host and leads to sign-up.
    await page.goto('/');
    await expectHostPrefix(page);
    await page.getByRole('textbox', { name: 'Your username' }).fill('maya');
    await page.getByRole('button', { name: 'Share your PBs' }).click();
    await expect(page).toHaveURL(/\/signup\?username=maya$/);
  });

  test('the landing page fetches no script or font before its first paint', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    // Inter comes once the page has hydrated (the lean app names it when the file is in).
    await expect(page.locator('html')).toHaveClass(/\bweb-font\b/);
    const timing = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime,
      resources: performance
        .getEntriesByType('resource')
        .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
    }));
    const scripts = timing.resources.filter((entry) => entry.path.endsWith('.js'));
    const fonts = timing.resources.filter((entry) => entry.path.endsWith('.woff2'));
    expect(timing.firstPaint).toBeDefined();
    expect(scripts.length).toBeGreaterThan(0);
    expect(fonts.length).toBeGreaterThan(0);
    for (const file of [...scripts, ...fonts]) {
      expect(file.start, file.path).toBeGreaterThanOrEqual(timing.firstPaint ?? Infinity);
    }
  });

  test('the legal pages show the visitor’s date once hydrated', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2031-02-03T12:00:00'));
    await page.goto('/terms');
    await expect(page.getByText('Last updated: February 3, 2031')).toBeVisible();
  });
});
