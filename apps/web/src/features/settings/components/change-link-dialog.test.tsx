import { ACCESS_TOKEN_STORAGE_KEY } from '@pbshare/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { callsTo, ok, stubApi, testUser } from '@/test/api-stub';
import { renderPage } from '@/test/render';
import { SettingsPage } from '../settings-page';

function renderProfileTab() {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
  const requests = stubApi({
    'GET /v1/users/profile': () => ok(testUser),
    'PUT /v1/users': () => ok(testUser, 'Profile updated successfully!'),
  });
  renderPage(<SettingsPage />, '/profile/settings');
  return requests;
}

async function typeUsername(name: string) {
  const field = await screen.findByRole('textbox', { name: 'Username' });
  await userEvent.clear(field);
  await userEvent.type(field, name);
}

const host = () => window.location.host;

describe('Changing the username', () => {
  it('asks first, saying where the link moves and how long the old one keeps working', async () => {
    const requests = renderProfileTab();
    await typeUsername('ada.lifts');
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));

    const dialog = await screen.findByRole('dialog', { name: 'Change your link?' });
    expect(dialog).toHaveAccessibleDescription(
      `Your public page moves to ${host()}/ada.lifts. Links to ${host()}/ada keep working for 90 days, then that name is free for others.`,
    );
    expect(callsTo(requests, 'PUT /v1/users')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Change link' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeVisible();
    const [call] = callsTo(requests, 'PUT /v1/users');
    expect((call?.body as FormData).get('displayName')).toBe('ada.lifts');
  });

  it('saves nothing when the change is cancelled, and keeps what was typed', async () => {
    const requests = renderProfileTab();
    await typeUsername('ada.lifts');
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));

    const dialog = await screen.findByRole('dialog', { name: 'Change your link?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('ada.lifts');
    expect(callsTo(requests, 'PUT /v1/users')).toHaveLength(0);
  });

  it('does not ask for a bio-only save, nor for the same name in other letter case', async () => {
    const requests = renderProfileTab();
    const bio = await screen.findByRole('textbox', { name: 'Bio' });
    await userEvent.type(bio, ' And runs.');
    await typeUsername('Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByText('Profile updated successfully!')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(requests, 'PUT /v1/users')).toHaveLength(1);
  });
});
