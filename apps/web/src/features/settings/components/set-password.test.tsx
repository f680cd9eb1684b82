import { ACCESS_TOKEN_STORAGE_KEY, AUTH_MESSAGES, type User } from '@pbshare/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { callsTo, jsonBodyOf, ok, stubApi, testUser } from '@/test/api-stub';
import { renderPage } from '@/test/render';
import { SettingsPage } from '../settings-page';

vi.mock('@simplewebauthn/browser', () => ({ browserSupportsWebAuthn: () => true }));

// Made with a passkey: no password yet.
const passwordless: User = { ...testUser, hasPassword: false };

function renderSettings(tab: string, user: User = passwordless) {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
  const requests = stubApi({
    'GET /v1/users/profile': () => ok(user),
    'GET /v1/auth/sessions': () => ok({ devices: [] }),
    'GET /v1/auth/passkeys': () => ok({ passkeys: [] }),
    'GET /v1/auth/two-step': () => ok({ enabled: false, recoveryCodesLeft: 0 }),
    'GET /v1/pbs': () => ok([]),
    'GET /v1/billing': () =>
      ok({
        tier: 'free',
        plan: null,
        status: 'free',
        expiresAt: null,
        provider: 'demo',
        purchases: [],
        checkout: null,
      }),
    'POST /v1/auth/forgot-password': () => ok(null, AUTH_MESSAGES.resetLinkSent),
  });
  renderPage(<SettingsPage />, '/profile/settings', `/profile/settings?tab=${tab}`);
  return requests;
}

describe('Settings for an account without a password', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('offers to set a password instead of changing it, through the mailed link', async () => {
    const user = userEvent.setup();
    const requests = renderSettings('password');
    const panel = await screen.findByRole('tabpanel', { name: 'Password' });
    expect(within(panel).getByText(/Your account has no password yet/)).toBeVisible();
    expect(within(panel).queryByLabelText('Current Password')).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Set a password' }));
    expect(await within(panel).findByRole('status')).toHaveTextContent(
      'We sent a link to ada@example.com. Open it to set your password.',
    );
    expect(jsonBodyOf(callsTo(requests, 'POST /v1/auth/forgot-password')[0])).toEqual({
      email: 'ada@example.com',
    });
  });

  it('asks for a password before the authenticator app', async () => {
    renderSettings('security');
    const panel = await screen.findByRole('tabpanel', { name: 'Security' });
    const app = within(panel).getByRole('region', { name: 'Authenticator app' });
    expect(within(app).getByText(AUTH_MESSAGES.setPasswordFirst)).toBeVisible();
    expect(within(app).getByRole('button', { name: 'Set a password' })).toBeVisible();
    expect(within(app).queryByRole('button', { name: /set up/i })).not.toBeInTheDocument();
  });

  it('asks for a password before deleting the account', async () => {
    const user = userEvent.setup();
    renderSettings('account');
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getByText(AUTH_MESSAGES.setPasswordFirst)).toBeVisible();
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: 'Delete my account' }),
    ).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Set a password' })).toBeVisible();
  });

  it('shows an account with a password the usual forms', async () => {
    renderSettings('password', { ...testUser, hasPassword: true });
    const panel = await screen.findByRole('tabpanel', { name: 'Password' });
    expect(within(panel).getByLabelText('Current Password')).toBeVisible();
    expect(within(panel).queryByRole('button', { name: 'Set a password' })).not.toBeInTheDocument();
  });
});
