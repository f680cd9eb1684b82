import { readFile } from 'node:fs/promises';

import type { Page } from '@playwright/test';
import yauzl from 'yauzl';

import { apiSignIn, createVerifiedAccount, signIn, signedInAccount } from '../support/accounts.js';
import { test, expect } from '../support/fixtures.js';
import { pbCard } from '../support/pbs.js';
import { createPb } from '../support/share.js';

async function openAccountTab(page: Page) {
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/profile\/settings$/);
  await page.getByRole('tab', { name: 'Account' }).click();
  return page.getByRole('tabpanel', { name: 'Account' });
}

/** Every entry of a ZIP, unpacked. */
async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of file.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await file.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    entries.set(entry.fileName, Buffer.concat(chunks));
  }
  return entries;
}

test.describe('Download my data', () => {
  test('saves a ZIP of the account, its PB in pbshare.json', async ({ page, request }) => {
    const account = await createVerifiedAccount(request);
    await createPb(request, await apiSignIn(request, account), {
      title: 'Front Squat',
      value: '120 kg',
    });
    await signIn(page, account);
    const panel = await openAccountTab(page);
    await expect(
      panel.getByText(
        'Download a ZIP archive of your profile and every personal best, with their photos and videos.',
      ),
    ).toBeVisible();
    // With a PB the account cannot import.
    await expect(panel.getByRole('button', { name: 'Import data' })).toHaveCount(0);

    const downloading = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;
    const day = new Date().toISOString().slice(0, 10);
    expect(download.suggestedFilename()).toBe(`pbshare-${account.username}-${day}.zip`);

    const zip = await readFile(await download.path());
    expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const entries = await unzip(zip);
    const json = JSON.parse(entries.get('pbshare.json')?.toString('utf8') ?? '{}') as {
      profile: { username: string };
      exercises: { title: string; records: { media: { file: string } }[] }[];
    };
    expect(json.profile.username).toBe(account.username);
    expect(json.exercises.map((e) => e.title)).toEqual(['Front Squat']);
    expect(entries.has(json.exercises[0]?.records[0]?.media.file ?? '')).toBe(true);
    await expect(panel.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });

  test('imports an archive into a fresh account and shows its PB on /profile', async ({
    page,
    request,
  }) => {
    const source = await createVerifiedAccount(request);
    const token = await apiSignIn(request, source);
    await createPb(request, token, {
      title: 'Pistol Squat',
      category: 'Bodyweight Training',
      value: '8 reps',
    });
    const exported = await request.get('/v1/users/export', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(exported.status()).toBe(200);
    const zip = await exported.body();

    await signedInAccount(page, request);
    const panel = await openAccountTab(page);
    const chooser = page.waitForEvent('filechooser');
    await panel.getByRole('button', { name: 'Import data' }).click();
    await (
      await chooser
    ).setFiles({ name: 'my-data.zip', mimeType: 'application/zip', buffer: zip });

    // The server reads the archive's media in the background; the page polls until it is done.
    await expect(panel.getByRole('status').filter({ hasText: 'Data imported' })).toContainText(
      'Imported 1 exercise with 1 record.',
      { timeout: 20_000 },
    );
    await expect(panel.getByRole('button', { name: 'Import data' })).toHaveCount(0);

    await page.getByRole('banner').getByRole('link', { name: 'Your profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(pbCard(page, 'Pistol Squat')).toBeVisible();
    await expect(pbCard(page, 'Pistol Squat')).toContainText('8 reps');
  });

  test('says why an archive is refused', async ({ page, request }) => {
    await signedInAccount(page, request);
    const panel = await openAccountTab(page);
    const chooser = page.waitForEvent('filechooser');
    await panel.getByRole('button', { name: 'Import data' }).click();
    await (
      await chooser
    ).setFiles({
      name: 'notes.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from('these are my notes, not an archive'),
    });
    await expect(panel.getByRole('alert')).toContainText(
      "That file is not a ZIP archive: choose the .zip that 'Download my data' saved. Nothing was imported.",
    );
    await expect(panel.getByRole('button', { name: 'Import data' })).toBeEnabled();
  });
});
