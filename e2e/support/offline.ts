import { expect, type Page } from '@playwright/test';

/**
 * Waits until the app's service worker controls the page and has kept the app shell (it is
 * active once its install, the precache, finished). Specs that use it allow service workers
 * (`test.use({ serviceWorkers: 'allow' })`); the others block them (playwright.config.ts).
 */
export async function untilServiceWorkerControls(page: Page): Promise<void> {
  // Strings: the specs are typed without the DOM's globals.
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  // Polled from here: waitForFunction evaluates strings, which the app's CSP refuses.
  await expect.poll(() => page.evaluate('navigator.serviceWorker.controller !== null')).toBe(true);
}

/** Waits until the device kept the PB list naming `title` for opening offline. */
export async function untilKept(page: Page, title: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(`localStorage.getItem('pbshare.keptQueries') ?? ''`))
    .toContain(title);
}

/**
 * Shares `file` to the installed app as the phone's share sheet does: a multipart POST of the
 * manifest's share_target, made as a navigation from the page.
 */
export async function shareToApp(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  await page.evaluate(`(() => {
    const form = document.createElement('form');
    form.method = 'post';
    form.action = '/add-pb';
    form.enctype = 'multipart/form-data';
    form.id = 'share-sheet';
    const input = document.createElement('input');
    input.type = 'file';
    input.name = 'media';
    form.append(input);
    document.body.append(form);
  })()`);
  await page.locator('#share-sheet input[type=file]').setInputFiles(file);
  await page.evaluate(`document.getElementById('share-sheet').submit()`);
}
