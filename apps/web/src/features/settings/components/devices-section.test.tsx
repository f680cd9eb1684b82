import { ACCESS_TOKEN_STORAGE_KEY, type SignedInDevice } from '@pbshare/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { callsTo, fail, ok, stubApi, testUser } from '@/test/api-stub';
import { renderPage } from '@/test/render';
import { SettingsPage } from '../settings-page';

const now = new Date().toISOString();
const laptop: SignedInDevice = {
  id: '11111111-1111-4111-8111-111111111111',
  device: 'Mac',
  browser: 'Chrome 131',
  country: 'DE',
  signedInAt: '2026-11-20T10:00:00.000Z',
  lastSeenAt: now,
  current: true,
};
const phone: SignedInDevice = {
  ...laptop,
  id: '22222222-2222-4222-8222-222222222222',
  device: 'iPhone',
  browser: 'Safari 18',
  country: 'US',
  lastSeenAt: new Date(Date.now() - 3 * 3600 * 1000).toISOString(),
  current: false,
};

function renderDevices(list: () => SignedInDevice[], handlers = {}) {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
  const requests = stubApi({
    'GET /v1/users/profile': () => ok(testUser),
    'GET /v1/auth/sessions': () => ok({ devices: list() }),
    'GET /v1/auth/two-step': () => ok({ enabled: false, recoveryCodesLeft: 0 }),
    'GET /v1/auth/passkeys': () => ok({ passkeys: [] }),
    ...handlers,
  });
  renderPage(<SettingsPage />, '/profile/settings', '/profile/settings?tab=security');
  return requests;
}

describe('Settings → Security → Your devices', () => {
  it('lists each device with its browser, country and last use, this one marked', async () => {
    renderDevices(() => [laptop, phone]);
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('MacThis device');
    expect(first).toHaveTextContent('Chrome 131 · Germany');
    expect(first && within(first).queryByRole('button')).toBeNull();
    expect(second).toHaveTextContent('Safari 18 · United States');
    expect(second).toHaveTextContent('Last active 3 hours ago');
  });

  it('signs one device out and reads the list again', async () => {
    let devices = [laptop, phone];
    const requests = renderDevices(() => devices, {
      [`DELETE /v1/auth/sessions/${phone.id}`]: () => {
        devices = [laptop];
        return ok(null, 'That device is signed out.');
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Sign out iPhone, Safari 18 · United States' }),
    );
    expect(await screen.findByText('That device is signed out.')).toBeVisible();
    await waitFor(() => {
      expect(screen.getAllByRole('listitem')).toHaveLength(1);
    });
    expect(callsTo(requests, `DELETE /v1/auth/sessions/${phone.id}`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
  });

  it('asks before signing out everywhere else, and Cancel sends nothing', async () => {
    let devices = [laptop, phone, { ...phone, id: '33333333-3333-4333-8333-333333333333' }];
    const requests = renderDevices(() => devices, {
      'POST /v1/auth/sessions/sign-out-others': () => {
        devices = [laptop];
        return ok(null, 'Every other device is signed out.');
      },
    });
    const button = await screen.findByRole('button', { name: 'Sign out everywhere else' });
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' });
    expect(dialog).toHaveTextContent('The 2 other devices will need your password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(requests, 'POST /v1/auth/sessions/sign-out-others')).toHaveLength(0);

    await userEvent.click(button);
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out' }),
    );
    expect(await screen.findByText('Every other device is signed out.')).toBeVisible();
    expect(callsTo(requests, 'POST /v1/auth/sessions/sign-out-others')).toHaveLength(1);
  });

  it('offers Try again when the list cannot be loaded', async () => {
    renderDevices(() => [], {
      'GET /v1/auth/sessions': () => fail(500, 'INTERNAL_ERROR', 'Something went wrong'),
    });
    expect(await screen.findByText('Your devices could not be loaded.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
