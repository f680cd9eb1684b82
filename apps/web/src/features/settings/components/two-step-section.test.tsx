import { ACCESS_TOKEN_STORAGE_KEY } from '@pbshare/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { callsTo, fail, jsonBodyOf, ok, stubApi, testUser } from '@/test/api-stub';
import { renderPage } from '@/test/render';
import { SettingsPage } from '../settings-page';

const setup = { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qrSvg: '<svg></svg>' };
const codes = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '2')}`);

function renderSecurity(handlers = {}) {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
  const requests = stubApi({
    'GET /v1/users/profile': () => ok(testUser),
    'GET /v1/auth/sessions': () => ok({ devices: [] }),
    'GET /v1/auth/passkeys': () => ok({ passkeys: [] }),
    ...handlers,
  });
  renderPage(<SettingsPage />, '/profile/settings', '/profile/settings?tab=security');
  return requests;
}

describe('Settings → Security → Authenticator app', () => {
  it('sets up with the password, a scan and a code, then shows the recovery codes once', async () => {
    let enabled = false;
    const requests = renderSecurity({
      'GET /v1/auth/two-step': () => ok({ enabled, recoveryCodesLeft: enabled ? 10 : 0 }),
      'POST /v1/auth/two-step/setup': () => ok(setup),
      'POST /v1/auth/two-step/enable': () => {
        enabled = true;
        return ok({ codes }, 'Two-step sign-in is on. Keep your recovery codes somewhere safe.');
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Set up an authenticator app' }),
    );
    await userEvent.type(screen.getByLabelText('Your password'), 'my password');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    expect(screen.getByTestId('two-step-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    await userEvent.type(screen.getByLabelText('Code from your app'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(jsonBodyOf(callsTo(requests, 'POST /v1/auth/two-step/setup')[0])).toEqual({
      password: 'my password',
    });
    expect(jsonBodyOf(callsTo(requests, 'POST /v1/auth/two-step/enable')[0])).toEqual({
      code: '123456',
    });

    await userEvent.click(screen.getByRole('button', { name: 'I saved them' }));
    expect(await screen.findByText('10 of 10 recovery codes left')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  it("says a wrong password or code where it was typed, and doesn't turn on", async () => {
    renderSecurity({
      'GET /v1/auth/two-step': () => ok({ enabled: false, recoveryCodesLeft: 0 }),
      'POST /v1/auth/two-step/setup': () => ok(setup),
      'POST /v1/auth/two-step/enable': () =>
        fail(401, 'INVALID_CREDENTIALS', 'That code is not right. Check your app and try again.'),
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Set up an authenticator app' }),
    );
    await userEvent.type(screen.getByLabelText('Your password'), 'my password');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.type(await screen.findByLabelText('Code from your app'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(
      await screen.findByText('That code is not right. Check your app and try again.'),
    ).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  it('turns off with the password and a code', async () => {
    let enabled = true;
    const requests = renderSecurity({
      'GET /v1/auth/two-step': () => ok({ enabled, recoveryCodesLeft: enabled ? 7 : 0 }),
      'POST /v1/auth/two-step/disable': () => {
        enabled = false;
        return ok(null, 'Two-step sign-in is off.');
      },
    });
    expect(await screen.findByText('7 of 10 recovery codes left')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    await userEvent.type(screen.getByLabelText('Your password'), 'my password');
    await userEvent.type(screen.getByLabelText('Code from your app or a recovery code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(
      await screen.findByRole('button', { name: 'Set up an authenticator app' }),
    ).toBeVisible();
    expect(jsonBodyOf(callsTo(requests, 'POST /v1/auth/two-step/disable')[0])).toEqual({
      password: 'my password',
      code: '654321',
    });
  });
});
