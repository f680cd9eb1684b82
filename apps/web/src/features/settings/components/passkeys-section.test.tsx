import { ACCESS_TOKEN_STORAGE_KEY, type Passkey } from '@pbshare/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { callsTo, jsonBodyOf, ok, stubApi, testUser } from '@/test/api-stub';
import { renderPage } from '@/test/render';
import { SettingsPage } from '../settings-page';
import {
  passkeyAnswer as answer,
  passkeyCreation as creation,
} from '@/test/fixtures/passkey-ceremony';

const browser = vi.hoisted(() => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startRegistration: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => browser);

const laptop: Passkey = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'iCloud Keychain',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: '2026-11-22T10:00:00.000Z',
};
const key: Passkey = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Passkey',
  createdAt: '2026-11-21T10:00:00.000Z',
  lastUsedAt: null,
};

function renderPasskeys(list: () => Passkey[], handlers = {}) {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
  const requests = stubApi({
    'GET /v1/users/profile': () => ok(testUser),
    'GET /v1/auth/sessions': () => ok({ devices: [] }),
    'GET /v1/auth/two-step': () => ok({ enabled: false }),
    'GET /v1/auth/passkeys': () => ok({ passkeys: list() }),
    ...handlers,
  });
  renderPage(<SettingsPage />, '/profile/settings', '/profile/settings?tab=security');
  return requests;
}

beforeEach(() => {
  browser.browserSupportsWebAuthn.mockReturnValue(true);
  browser.startRegistration.mockReset();
});

describe('Settings → Security → Passkeys', () => {
  it('lists each passkey with when it was added and last used', async () => {
    renderPasskeys(() => [laptop, key]);
    const list = await screen.findByRole('list', { name: 'Passkeys' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('iCloud Keychain');
    expect(first).toHaveTextContent('Added November 20, 2026 · Last used November 22, 2026');
    expect(second).toHaveTextContent('Not used yet');
  });

  it('adds a passkey through the browser prompt and reads the list again', async () => {
    let passkeys: Passkey[] = [];
    browser.startRegistration.mockResolvedValue(answer);
    const requests = renderPasskeys(() => passkeys, {
      'POST /v1/auth/passkeys/registration-options': () => ok(creation),
      'POST /v1/auth/passkeys': () => {
        passkeys = [key];
        return ok(key, 'Passkey added. You can sign in with it now.', 201);
      },
    });
    expect(await screen.findByText('You have no passkeys yet.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));

    expect(await screen.findByText('Passkey added. You can sign in with it now.')).toBeVisible();
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: creation.options });
    const [sent] = callsTo(requests, 'POST /v1/auth/passkeys');
    expect(jsonBodyOf(sent)).toEqual({ challengeId: creation.challengeId, response: answer });
    expect(await screen.findByRole('list', { name: 'Passkeys' })).toHaveTextContent('Passkey');
  });

  it('says nothing when the prompt is cancelled', async () => {
    browser.startRegistration.mockRejectedValue(
      Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
      }),
    );
    const requests = renderPasskeys(() => [], {
      'POST /v1/auth/passkeys/registration-options': () => ok(creation),
    });
    const add = await screen.findByRole('button', { name: 'Add a passkey' });
    await userEvent.click(add);
    await waitFor(() => {
      expect(add).toBeEnabled();
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/could not be added|not allowed/)).toBeNull();
    expect(callsTo(requests, 'POST /v1/auth/passkeys')).toHaveLength(0);
  });

  it('hides Add with a short explanation where the browser has no passkeys', async () => {
    browser.browserSupportsWebAuthn.mockReturnValue(false);
    renderPasskeys(() => [laptop]);
    expect(await screen.findByText(/This browser cannot create passkeys/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove iCloud Keychain' })).toBeVisible();
  });

  it('renames a passkey, refusing an empty name', async () => {
    let passkeys = [key];
    const url = `PATCH /v1/auth/passkeys/${key.id}`;
    const requests = renderPasskeys(() => passkeys, {
      [url]: () => {
        passkeys = [{ ...key, name: 'Work laptop' }];
        return ok(passkeys[0], 'Passkey renamed.');
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Passkey' }));
    const input = screen.getByRole('textbox', { name: 'New name for Passkey' });
    await userEvent.clear(input);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Give your passkey a name');
    expect(callsTo(requests, url)).toHaveLength(0);

    await userEvent.type(input, 'Work laptop');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Passkey renamed.')).toBeVisible();
    expect(jsonBodyOf(callsTo(requests, url)[0])).toEqual({ name: 'Work laptop' });
    expect(await screen.findByRole('button', { name: 'Rename Work laptop' })).toBeVisible();
  });

  it('asks before removing a passkey, and Cancel sends nothing', async () => {
    let passkeys = [laptop, key];
    const url = `DELETE /v1/auth/passkeys/${laptop.id}`;
    const requests = renderPasskeys(() => passkeys, {
      [url]: () => {
        passkeys = [key];
        return ok(null, 'Passkey removed.');
      },
    });
    const remove = await screen.findByRole('button', { name: 'Remove iCloud Keychain' });
    await userEvent.click(remove);
    const dialog = await screen.findByRole('dialog', { name: 'Remove this passkey?' });
    expect(dialog).toHaveTextContent(
      'You will no longer be able to sign in with “iCloud Keychain”',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(requests, url)).toHaveLength(0);

    await userEvent.click(remove);
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText('Passkey removed.')).toBeVisible();
    await waitFor(() => {
      expect(screen.queryByRole('button', { name: 'Remove iCloud Keychain' })).toBeNull();
    });
    expect(callsTo(requests, url)).toHaveLength(1);
  });
});
