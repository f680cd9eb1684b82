import 'fake-indexeddb/auto';

import { ACCESS_TOKEN_STORAGE_KEY } from '@pbshare/shared';
import { screen } from '@testing-library/react';
import { clear } from 'idb-keyval';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { shareInboxStore } from '@/lib/device-storage';
import { keepSharedFile } from '@/lib/share-inbox';
import { ok, stubApi, testUser } from '@/test/api-stub';
import { renderRoutes, withSiteProviders } from '@/test/render';
import { AddPbPage } from './add-pb-page';
import { INVALID_FILE_TYPE } from './media-files';

const MISSING = "The shared file didn't arrive. Pick it here.";

function renderAddPage(url: string) {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
  stubApi({
    'GET /v1/users/profile': () => ok(testUser),
    'GET /v1/pbs': () => ok([]),
  });
  return renderRoutes(withSiteProviders([{ path: '/add-pb', element: <AddPbPage /> }]), url);
}

describe('a file shared to the app', () => {
  beforeEach(async () => {
    // fake-indexeddb copies with Node's structuredClone, which empties jsdom's Files.
    vi.stubGlobal('structuredClone', <T,>(value: T): T => value);
    await clear(shareInboxStore());
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });

  it('arrives attached to the add form', async () => {
    await keepSharedFile(new File(['png'], 'shared-lift.png', { type: 'image/png' }));

    const { router } = renderAddPage('/add-pb?shared=1');

    expect(await screen.findByText('shared-lift.png')).toBeVisible();
    // Taken: a reload would open the plain form, not say the file did not arrive.
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('img', { name: 'The photo you picked' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    expect(screen.queryByText(MISSING)).not.toBeInTheDocument();
  });

  it('goes through the checks of a picked file', async () => {
    await keepSharedFile(new File(['%PDF'], 'results.pdf', { type: 'application/pdf' }));

    renderAddPage('/add-pb?shared=1');

    expect(await screen.findByText(INVALID_FILE_TYPE.title)).toBeVisible();
    expect(screen.queryByTestId('media-preview')).not.toBeInTheDocument();
  });

  it('says so under the empty media field when its file did not arrive', async () => {
    renderAddPage('/add-pb?shared=missing');

    expect(await screen.findByTestId('media-note')).toHaveTextContent(MISSING);
    expect(screen.queryByTestId('media-preview')).not.toBeInTheDocument();
  });

  it('says so too when the inbox has nothing for the form', async () => {
    renderAddPage('/add-pb?shared=1');

    expect(await screen.findByTestId('media-note')).toHaveTextContent(MISSING);
  });
});
