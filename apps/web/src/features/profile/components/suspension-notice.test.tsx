import 'fake-indexeddb/auto';

import { ACCESS_TOKEN_STORAGE_KEY } from '@pbshare/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ok, stubApi, testUser } from '@/test/api-stub';
import { renderPage } from '@/test/render';
import { ProfilePage } from '../profile-page';
import { SuspensionNotice } from './suspension-notice';

describe('SuspensionNotice', () => {
  it('tells a suspended owner why, what it means and where to appeal', () => {
    renderPage(
      <SuspensionNotice
        user={{ ...testUser, suspension: { reason: 'Spam', at: '2026-03-14T10:00:00.000Z' } }}
      />,
      '/profile',
    );
    expect(screen.getByText('Your profile is suspended: Spam')).toBeVisible();
    expect(
      screen.getByText(
        'Your public page is not available to anyone. You can still sign in, download your data and appeal.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'See the decision and appeal' })).toHaveAttribute(
      'href',
      '/profile/settings?tab=moderation',
    );
  });

  it('shows nothing for an account in good standing', () => {
    renderPage(<SuspensionNotice user={{ ...testUser, suspension: null }} />, '/profile');
    expect(screen.queryByText(/suspended/)).toBeNull();
  });

  it('stands on /profile under the header', async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
    stubApi({
      'GET /v1/users/profile': () =>
        ok({ ...testUser, suspension: { reason: 'Spam', at: '2026-03-14T10:00:00.000Z' } }),
      'GET /v1/pbs': () => ok([]),
    });
    renderPage(<ProfilePage />, '/profile');
    expect(await screen.findByText('Your profile is suspended: Spam')).toBeVisible();
  });
});
