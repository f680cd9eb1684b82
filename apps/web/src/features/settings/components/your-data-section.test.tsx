import { ACCESS_TOKEN_STORAGE_KEY } from '@pbshare/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { callsTo, fail, inTurn, ok, stubApi, testUser, type StubHandler } from '@/test/api-stub';
import { renderPage } from '@/test/render';
import { SettingsPage } from '../settings-page';

const ZIP_BYTES = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);

const importOf = (status: string, message = '', result: unknown = null) => ({
  id: 'import-1',
  status,
  message,
  result,
});

async function openAccountTab(handlers: Record<string, StubHandler>) {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
  const requests = stubApi({
    'GET /v1/users/profile': () => ok(testUser),
    'GET /v1/pbs': () => ok([]),
    ...handlers,
  });
  renderPage(<SettingsPage />, '/profile/settings');
  await userEvent.click(await screen.findByRole('tab', { name: 'Account' }));
  return { panel: screen.getByRole('tabpanel'), requests };
}

describe('Your data', () => {
  let saved: { href: string; download: string }[];

  beforeEach(() => {
    saved = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push({ href: `size:${(blob as Blob).size}`, download: '' });
      return 'blob:archive';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.href, download: this.download });
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('downloads the archive with the token and saves it under the name the server gave', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { panel, requests } = await openAccountTab({
      'GET /v1/users/export': async () => {
        await answered;
        return new Response(ZIP_BYTES, {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="pbshare-ada-2026-11-24.zip"',
          },
        });
      },
    });
    expect(
      within(panel).getByText(
        'Download a ZIP archive of your profile and every personal best, with their photos and videos.',
      ),
    ).toBeVisible();

    await userEvent.click(within(panel).getByRole('button', { name: 'Download my data' }));
    expect(
      await within(panel).findByRole('button', { name: 'Preparing your download...' }),
    ).toBeDisabled();
    release();

    await waitFor(() => {
      expect(saved).toEqual([
        { href: `size:${ZIP_BYTES.length}`, download: '' },
        { href: 'blob:archive', download: 'pbshare-ada-2026-11-24.zip' },
      ]);
    });
    expect(callsTo(requests, 'GET /v1/users/export')[0]?.headers.get('authorization')).toBe(
      'Bearer token-1',
    );
    expect(await within(panel).findByRole('button', { name: 'Download my data' })).toBeEnabled();
  });

  it('says so when the download fails', async () => {
    const { panel } = await openAccountTab({
      'GET /v1/users/export': () => fail(500, 'INTERNAL_ERROR', 'Something went wrong.'),
    });
    await userEvent.click(within(panel).getByRole('button', { name: 'Download my data' }));
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('Download failed');
    expect(alert).toHaveTextContent('Something went wrong.');
    expect(saved).toEqual([]);
  });

  it('imports an archive into an empty account, follows it until done, says what came in and refreshes the data', async () => {
    const message =
      'Imported 3 exercises with 4 records. The free plan holds 3 exercises, so these were left out: Rows, Dips.';
    const { panel, requests } = await openAccountTab({
      'POST /v1/users/import': () => ok(importOf('queued'), 'Your archive arrived.', 202),
      'GET /v1/users/import': inTurn(
        ok(importOf('running')),
        ok(
          importOf('done', message, {
            importedExercises: 3,
            importedRecords: 4,
            leftOutTitles: ['Rows', 'Dips'],
          }),
        ),
      ),
    });
    expect(within(panel).getByText(/Free accounts import the first 3 exercises\./)).toBeVisible();
    const input = within(panel).getByLabelText<HTMLInputElement>('Archive to import');
    expect(input).toHaveAttribute('accept', '.zip,application/zip');
    const pbsBefore = callsTo(requests, 'GET /v1/pbs').length;

    await userEvent.upload(
      input,
      new File([ZIP_BYTES], 'my-data.zip', { type: 'application/zip' }),
    );

    // While the server reads the media, the button says so and cannot start another.
    expect(await within(panel).findByRole('button', { name: 'Importing…' })).toBeDisabled();
    const done = await within(panel).findByRole('status', {}, { timeout: 5000 });
    expect(done).toHaveTextContent('Data imported');
    expect(done).toHaveTextContent(message);
    expect(callsTo(requests, 'POST /v1/users/import')).toHaveLength(1);
    expect(callsTo(requests, 'GET /v1/users/import')).toHaveLength(2);
    await waitFor(() => {
      expect(callsTo(requests, 'GET /v1/pbs').length).toBeGreaterThan(pbsBefore);
    });
    expect(within(panel).queryByRole('button', { name: 'Import data' })).toBeNull();
  });

  it("shows the server's reason when an import is refused", async () => {
    const { panel } = await openAccountTab({
      'POST /v1/users/import': () =>
        fail(400, 'VALIDATION_ERROR', 'The archive lists "Squat" twice. Nothing was imported.'),
    });
    await userEvent.upload(
      within(panel).getByLabelText('Archive to import'),
      new File([ZIP_BYTES], 'my-data.zip', { type: 'application/zip' }),
    );
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('Import failed');
    expect(alert).toHaveTextContent('The archive lists "Squat" twice. Nothing was imported.');
    expect(within(panel).getByRole('button', { name: 'Import data' })).toBeEnabled();
  });

  it("shows the server's reason when the import fails while its media are read", async () => {
    const reason =
      'Deadlift (2026-01-10): Please select an image or video file. Nothing was imported.';
    const { panel } = await openAccountTab({
      'POST /v1/users/import': () => ok(importOf('queued'), 'Your archive arrived.', 202),
      'GET /v1/users/import': () => ok(importOf('failed', reason)),
    });
    await userEvent.upload(
      within(panel).getByLabelText('Archive to import'),
      new File([ZIP_BYTES], 'my-data.zip', { type: 'application/zip' }),
    );
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('Import failed');
    expect(alert).toHaveTextContent(reason);
    expect(within(panel).getByRole('button', { name: 'Import data' })).toBeEnabled();
  });
});
