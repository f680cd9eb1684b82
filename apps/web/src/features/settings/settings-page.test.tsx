import { ACCESS_TOKEN_STORAGE_KEY } from '@pbshare/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  callsTo,
  fail,
  jsonBodyOf,
  ok,
  stubApi,
  testUser,
  type StubHandler,
} from '@/test/api-stub';
import { renderPage } from '@/test/render';
import { SettingsPage } from './settings-page';

function renderSettings(handlers: Record<string, StubHandler> = {}, url = '/profile/settings') {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
  const requests = stubApi({ 'GET /v1/users/profile': () => ok(testUser), ...handlers });
  const result = renderPage(<SettingsPage />, '/profile/settings', url);
  return { ...result, requests };
}

async function openTab(name: string) {
  await userEvent.click(await screen.findByRole('tab', { name }));
  return screen.getByRole('tabpanel');
}

describe('SettingsPage', () => {
  it('has the five tabs and a close button back to the profile', async () => {
    renderSettings();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profile Settings' }),
    ).toBeVisible();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Profile',
      'Account',
      'Password',
      'Security',
      'Moderation',
    ]);
    expect(screen.getByRole('link', { name: 'Close settings' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  describe('the open tab in the address', () => {
    it('opens the tab the address names', async () => {
      renderSettings({}, '/profile/settings?tab=password');
      expect(await screen.findByRole('tab', { name: 'Password', selected: true })).toBeVisible();
      expect(screen.getByRole('tabpanel')).toHaveTextContent(
        'Change the password you sign in with.',
      );
    });

    it('writes the chosen tab into the address, replacing the entry', async () => {
      const { router } = renderSettings();
      await openTab('Account');
      expect(router.state.location.search).toBe('?tab=account');
      expect(router.state.historyAction).toBe('REPLACE');
      await openTab('Profile');
      expect(router.state.location.search).toBe('');
    });

    it('falls back to Profile for a tab that does not exist', async () => {
      renderSettings({}, '/profile/settings?tab=billing');
      expect(await screen.findByRole('tab', { name: 'Profile', selected: true })).toBeVisible();
    });
  });

  describe('Password tab', () => {
    it('keeps Update Password disabled until all three fields are filled', async () => {
      const user = userEvent.setup();
      renderSettings();
      const panel = await openTab('Password');
      const button = within(panel).getByRole('button', { name: 'Update Password' });
      expect(button).toBeDisabled();

      await user.type(within(panel).getByLabelText('Current Password'), 'old-secret');
      expect(button).toBeDisabled();
      await user.type(within(panel).getByLabelText('New Password'), 'new-secret');
      expect(button).toBeDisabled();
      await user.type(within(panel).getByLabelText('Confirm New Password'), 'new-secret');
      expect(button).toBeEnabled();
    });

    it('says so when the new passwords differ, and calls nothing', async () => {
      const user = userEvent.setup();
      const { requests } = renderSettings();
      const panel = await openTab('Password');

      await user.type(within(panel).getByLabelText('Current Password'), 'old-secret');
      await user.type(within(panel).getByLabelText('New Password'), 'new-secret');
      await user.type(within(panel).getByLabelText('Confirm New Password'), 'new-secreT');
      await user.click(within(panel).getByRole('button', { name: 'Update Password' }));

      expect(await within(panel).findByRole('alert')).toHaveTextContent(
        'The new passwords do not match',
      );
      expect(within(panel).getByLabelText('Confirm New Password')).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      expect(callsTo(requests, 'PUT /v1/auth/change-password')).toHaveLength(0);
    });

    it('changes the password and says so', async () => {
      const user = userEvent.setup();
      const { requests } = renderSettings({
        'PUT /v1/auth/change-password': () => ok(null, 'Password updated successfully!'),
      });
      const panel = await openTab('Password');

      await user.type(within(panel).getByLabelText('Current Password'), 'old-secret');
      await user.type(within(panel).getByLabelText('New Password'), 'new-secret');
      await user.type(within(panel).getByLabelText('Confirm New Password'), 'new-secret');
      await user.click(within(panel).getByRole('button', { name: 'Update Password' }));

      expect(await within(panel).findByText('Password updated successfully!')).toBeVisible();
      const [call] = callsTo(requests, 'PUT /v1/auth/change-password');
      expect(jsonBodyOf(call)).toEqual({
        currentPassword: 'old-secret',
        newPassword: 'new-secret',
      });
      expect(within(panel).getByLabelText('Current Password')).toHaveValue('');
    });

    it('shows a wrong current password as an error toast and on the field, staying signed in', async () => {
      const user = userEvent.setup();
      const { requests } = renderSettings({
        'PUT /v1/auth/change-password': () =>
          fail(401, 'INVALID_CREDENTIALS', 'Your current password is not correct.', [
            { field: 'currentPassword', message: 'Your current password is not correct.' },
          ]),
      });
      const panel = await openTab('Password');

      await user.type(within(panel).getByLabelText('Current Password'), 'wrong');
      await user.type(within(panel).getByLabelText('New Password'), 'new-secret');
      await user.type(within(panel).getByLabelText('Confirm New Password'), 'new-secret');
      await user.click(within(panel).getByRole('button', { name: 'Update Password' }));

      expect(await screen.findByText('Error')).toBeVisible();
      expect(within(panel).getByLabelText('Current Password')).toHaveAccessibleDescription(
        'Your current password is not correct.',
      );
      expect(callsTo(requests, 'POST /v1/auth/refresh')).toHaveLength(0);
      expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('token-1');
    });
  });

  describe('Profile tab', () => {
    // jsdom has no object URLs; the preview only needs one to exist.
    beforeEach(() => {
      Object.assign(URL, {
        createObjectURL: vi.fn(() => 'blob:preview'),
        revokeObjectURL: vi.fn(),
      });
    });
    afterEach(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
      vi.useRealTimers();
    });

    it('saves the username, bio and a new photo, then returns to the profile after 800 ms', async () => {
      const saved = {
        ...testUser,
        displayName: 'ada.lifts',
        bio: 'New bio',
        profileImage: '/media/a.webp',
      };
      const { requests } = renderSettings({
        'PUT /v1/users': () => ok(saved, 'Profile updated successfully!'),
      });
      const user = userEvent.setup();
      const panel = await openTab('Profile');

      const username = within(panel).getByRole('textbox', { name: 'Username' });
      expect(username).toHaveValue('ada');
      await user.clear(username);
      await user.type(username, 'ada.lifts');
      const bio = within(panel).getByRole('textbox', { name: 'Bio' });
      await user.clear(bio);
      await user.type(bio, 'New bio');
      const photo = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
      fireEvent.change(within(panel).getByLabelText('Profile photo'), {
        target: { files: [photo] },
      });
      expect(within(panel).getByText(/New photo: me\.png/)).toBeVisible();

      // jsdom's File does not survive the way into Node's fetch (it arrives empty and named
      // 'blob'), so the photo is checked where the app puts it in the form it sends.
      const formFields = vi.spyOn(FormData.prototype, 'set');
      vi.useFakeTimers({ shouldAdvanceTime: true });
      await user.click(within(panel).getByRole('button', { name: 'Save Profile' }));
      // A new username moves the public link: the dialog asks first (change-link-dialog.test.tsx).
      await user.click(await screen.findByRole('button', { name: 'Change link' }));

      expect(await within(panel).findByText('Profile updated successfully!')).toBeVisible();
      const [call] = callsTo(requests, 'PUT /v1/users');
      const form = call?.body as FormData;
      expect(form.get('displayName')).toBe('ada.lifts');
      expect(form.get('bio')).toBe('New bio');
      expect(form.has('file')).toBe(true);
      expect(formFields).toHaveBeenCalledWith('file', photo, 'me.png');
      expect(screen.queryByTestId('location')).not.toBeInTheDocument();

      act(() => {
        vi.advanceTimersByTime(800);
      });
      await waitFor(() => {
        expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile$/);
      });
    });

    it('refuses a file that is not an image before sending it', async () => {
      renderSettings();
      const panel = await openTab('Profile');
      const notImage = new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' });

      fireEvent.change(within(panel).getByLabelText('Profile photo'), {
        target: { files: [notImage] },
      });

      expect(within(panel).getByRole('alert')).toHaveTextContent(
        'Please choose a JPEG, PNG, WebP, GIF or AVIF image.',
      );
    });

    it('shows a taken username as a toast and on the field', async () => {
      const user = userEvent.setup();
      renderSettings({
        'PUT /v1/users': () => fail(409, 'USERNAME_TAKEN', 'That username is taken'),
      });
      const panel = await openTab('Profile');

      await user.click(within(panel).getByRole('button', { name: 'Save Profile' }));

      expect(await screen.findByText('Error updating profile')).toBeVisible();
      expect(within(panel).getByRole('textbox', { name: 'Username' })).toHaveAccessibleDescription(
        /That username is taken/,
      );
    });
  });

  describe('Account tab', () => {
    it('shows the e-mail read-only with the spec texts', async () => {
      renderSettings();
      const panel = await openTab('Account');

      const email = within(panel).getByRole('textbox', { name: 'Email' });
      expect(email).toHaveValue('ada@example.com');
      expect(email).toHaveAttribute('readonly');
      expect(email).toHaveAccessibleDescription('Your email address cannot be changed');
      expect(
        within(panel).getByText('To change your email, please contact support.'),
      ).toBeVisible();
      expect(within(panel).getByRole('button', { name: 'Sign Out' })).toBeEnabled();
    });

    it('signs out: tells the server, forgets the token and goes home', async () => {
      const { requests } = renderSettings({ 'POST /v1/auth/logout': () => ok(null) });
      const panel = await openTab('Account');

      await userEvent.click(within(panel).getByRole('button', { name: 'Sign Out' }));

      await waitFor(() => {
        expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
      });
      expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
      expect(callsTo(requests, 'POST /v1/auth/logout')).toHaveLength(1);
    });

    it('deletes the account after the password is confirmed, and signs out', async () => {
      const user = userEvent.setup();
      let attempts = 0;
      const { requests } = renderSettings({
        'DELETE /v1/users': () =>
          ++attempts === 1
            ? fail(401, 'INVALID_CREDENTIALS', 'That password is not correct.')
            : ok(null, 'Your account has been deleted.'),
      });
      const panel = await openTab('Account');

      await user.click(within(panel).getByRole('button', { name: 'Delete account' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
      await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Please enter your password to confirm',
      );

      await user.type(within(dialog).getByLabelText('Password'), 'wrong');
      await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'That password is not correct.',
      );
      expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('token-1');

      await user.clear(within(dialog).getByLabelText('Password'));
      await user.type(within(dialog).getByLabelText('Password'), 'secret1');
      await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

      await waitFor(() => {
        expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
      });
      expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
      expect(await screen.findByText('Account deleted')).toBeVisible();
      const calls = callsTo(requests, 'DELETE /v1/users');
      expect(jsonBodyOf(calls.at(-1))).toEqual({ password: 'secret1' });
    });
  });
});
