import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { chromium, type Page } from '@playwright/test';

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import { test, expect } from '../support/fixtures.js';
import { sharerWithPbs } from '../support/share.js';

/**
 * Fires the event with which Chromium offers to install (it fires none for a test's incognito
 * profile); its prompt() leaves a mark on the page.
 */
async function browserOffersInstall(page: Page) {
  // A string: the specs are typed without the DOM's globals.
  await page.evaluate(`
    window.dispatchEvent(Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => {
        document.body.dataset.installPrompted = 'yes';
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    }));
  `);
}

/** What Chromium says stands between the page and "Install app" (none when installable). */
async function installabilityErrors(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  await cdp.detach();
  return installabilityErrors.map((error) => error.errorId);
}

interface Manifest {
  start_url: string;
  display: string;
  icons: { src: string; sizes: string; purpose: string }[];
}

test.describe('installable', () => {
  test('the app has a valid manifest and icons, and Chromium finds nothing missing', async ({
    page,
    request,
    baseURL,
  }) => {
    // Chromium never offers to install from an incognito profile, which is what a test's
    // context is: this check gets a browser with a profile on disk, as a person's.
    const profile = mkdtempSync(join(tmpdir(), 'pbshare-install-'));
    const browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
      baseURL,
      viewport: page.viewportSize(),
    });
    try {
      const tab = browser.pages()[0] ?? (await browser.newPage());
      await tab.goto('/');
      await expect.poll(() => installabilityErrors(tab)).toEqual([]);
    } finally {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    }

    const response = await request.get('/manifest.webmanifest');
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({ start_url: '/profile', display: 'standalone' });
    const wanted = ['192x192 any', '512x512 any', '512x512 maskable'];
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(wanted);
    for (const src of [...manifest.icons.map((icon) => icon.src), '/icons/apple-touch-icon.png']) {
      const icon = await request.get(src);
      expect(icon.status(), src).toBe(200);
      expect(icon.headers()['content-type'], src).toBe('image/png');
    }
  });

  test('the public page and the landing page link the same manifest', async ({ page }) => {
    for (const path of ['/', '/pricing']) {
      await page.goto(path);
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
        'href',
        '/manifest.webmanifest',
      );
      await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
        'href',
        '/icons/apple-touch-icon.png',
      );
    }
  });

  test("offers to install once, on the athlete's own profile after a PB, never on a visitor's page", async ({
    page,
    request,
  }) => {
    const { account } = await sharerWithPbs(page, request, [
      { title: 'Deadlift', value: '140 kg' },
    ]);
    const offer = page.getByRole('region', { name: 'Install PBShare' });

    // Someone's public page (their own, seen as a visitor would) makes no offer.
    await page.goto(`/${account.username}`);
    await browserOffersInstall(page);
    await expect(
      page.getByRole('heading', { name: 'Keep PBShare on your home screen' }),
    ).toHaveCount(0);

    await page.goto('/profile');
    await expect(page.getByTestId('pb-count')).toBeVisible();
    await browserOffersInstall(page);
    await expect(offer).toContainText('Keep PBShare on your home screen');
    await page.screenshot({ path: test.info().outputPath('install-offer.png') });
    await offer.getByRole('button', { name: 'Install' }).click();
    await expect(page.locator('body[data-install-prompted="yes"]')).toHaveCount(1);
    await expect(offer).toHaveCount(0);

    // Made once: a later visit with a fresh offer from the browser shows nothing.
    await page.reload();
    await expect(page.getByTestId('pb-count')).toBeVisible();
    await browserOffersInstall(page);
    await page.waitForTimeout(300);
    await expect(offer).toHaveCount(0);
  });
});
