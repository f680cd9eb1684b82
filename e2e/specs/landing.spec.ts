import { gzipSync } from 'node:zlib';
import type { Response as PlaywrightResponse } from '@playwright/test';

import { signedInAccount } from '../support/accounts.js';
import { test, expect } from '../support/fixtures.js';
import { expectHostPrefix } from '../support/landing.js';

test.describe('landing page', () => {
  test('shows every section of the pitch', async ({ page }) => {
    await page.goto('/');

    await expect(page).toHaveTitle(/^PBShare/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Every PB has a story. Show it off.' }),
    ).toBeVisible();

    // Hero demo card: three sample PBs, one shown at a time.
    const carousel = page.getByRole('region', { name: 'Sample personal bests' });
    await expect(carousel).toBeVisible();
    await expect(carousel.getByRole('button', { name: /^Show sample \d of 3/ })).toHaveCount(3);

    // Username claim with the host as prefix.
    await expectHostPrefix(page);
    await expect(page.getByRole('textbox', { name: 'Your username' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Share your PBs' })).toBeVisible();
    await expect(page.getByText('Just sign up. No card required.')).toBeVisible();

    // Avatar row with the marketing figure.
    await expect(page.getByText('3,548', { exact: true })).toBeVisible();
    await expect(page.getByText('enthusiasts already share their PBs')).toBeVisible();

    // Six features.
    const features = page.getByRole('region', { name: 'Everything your personal bests deserve' });
    await expect(features.getByRole('listitem')).toHaveCount(6);
    for (const title of [
      'A swipeable achievement gallery',
      'One link for your bio',
      'Photos and videos on every PB',
      'A profile that updates itself',
    ]) {
      await expect(features.getByRole('heading', { name: title })).toBeVisible();
    }

    // Closing call to action.
    const cta = page.getByRole('region', { name: 'Your next PB deserves an audience' });
    await expect(cta.getByRole('link', { name: 'Create your free page' })).toHaveAttribute(
      'href',
      '/signup',
    );

    // Footer.
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
    await expect(footer.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    await expect(footer.getByRole('button', { name: 'Cookies' })).toBeVisible();
  });

  test('fits the window without sideways scrolling', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Share your PBs' })).toBeVisible();

    const viewportWidth = page.viewportSize()?.width ?? 0;
    // Decorative glows may bleed out of clipped sections; real content must not. (A string, as the
    // e2e TypeScript project has no DOM types.)
    const overflowing = await page.evaluate<string[]>(`
      [...document.querySelectorAll('h1, h2, h3, p, a, button, input, form, li')]
        .filter((el) => {
          const box = el.getBoundingClientRect();
          return box.width > 0 && (box.left < -1 || box.right > ${viewportWidth} + 1);
        })
        .map((el) => el.outerHTML.slice(0, 80))
    `);
    expect(overflowing).toEqual([]);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      viewportWidth,
    );
  });

  test('the claim input carries the typed name to sign-up, URL-encoded', async ({ page }) => {
    await page.goto('/');

    await page.getByRole('textbox', { name: 'Your username' }).fill('My Name');
    await page.getByRole('button', { name: 'Share your PBs' }).click();

    await expect(page).toHaveURL(/\/signup\?username=My%20Name$/);
  });

  test('the demo card moves on to the next sample after 4 seconds', async ({ page }) => {
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Sample personal bests' });
    // Keep the pointer away so hovering does not pause it.
    await page.mouse.move(0, 0);

    await expect(carousel.getByRole('button', { name: /sample 1 of 3/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(carousel.getByRole('button', { name: /sample 2 of 3/ })).toHaveAttribute(
      'aria-current',
      'true',
      { timeout: 6000 },
    );
  });

  test('the Cookies entry explains the cookies in a dialog that Escape closes', async ({
    page,
  }) => {
    await page.goto('/');

    const trigger = page.getByRole('contentinfo').getByRole('button', { name: 'Cookies' });
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: 'Cookies' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('no advertising or tracking cookies');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
    await expect(page).toHaveURL(/\/$/);
  });

  test('hydrates with at most 135 KB of script (gzip), none of the rest of the app', async ({
    page,
  }) => {
    const scripts: PlaywrightResponse[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    // Hydrated (the fixture waits for it): every script the page needs has arrived.
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Share your PBs' })).toBeVisible();

    const bodies = await Promise.all(scripts.map((response) => response.body()));
    const gzipBytes = bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
    expect(gzipBytes).toBeLessThanOrEqual(135 * 1024);
    // Strings that only the query client, zod, the toast outlet, the session guard and another
    // page carry: the landing page loads them on the way elsewhere, not to be read.
    const code = bodies.map((body) => body.toString('utf8')).join('\n');
    for (const marker of [
      'No QueryClient set',
      'ZodError',
      'data-sonner-toaster',
      'Loading your account',
      'Welcome back',
    ]) {
      expect(code, `a landing page script contains '${marker}'`).not.toContain(marker);
    }
  });

  test('its links open their page within the app, and Back returns to it', async ({ page }) => {
    await page.goto('/');
    // Gone on a full page load: following the link must not reload the document.
    await page.evaluate('window.__sameDocument = true');

    const cta = page.getByRole('region', { name: 'Your next PB deserves an audience' });
    await cta.getByRole('link', { name: 'Create your free page' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Create your account' }),
    ).toBeVisible();
    expect(await page.evaluate('window.__sameDocument')).toBe(true);

    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Every PB has a story. Show it off.' }),
    ).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    expect(await page.evaluate('window.__sameDocument')).toBe(true);
  });

  test('shows a signed-in visitor their avatar and Upgrade to Pro in the top bar', async ({
    page,
    request,
  }, testInfo) => {
    await signedInAccount(page, request);
    await page.goto('/');

    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Your profile' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'PBShare home' })).toHaveAttribute(
      'href',
      '/profile',
    );
    if (testInfo.project.name === 'desktop') {
      await expect(header.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute(
        'href',
        '/pricing',
      );
    } else {
      await header.getByRole('button', { name: 'Open menu' }).click();
      await expect(header.getByRole('link', { name: 'Upgrade to Pro' })).toBeVisible();
    }
    await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Every PB has a story. Show it off.' }),
    ).toBeVisible();
  });
});
