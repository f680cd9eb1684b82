import { ACCESS_TOKEN_STORAGE_KEY } from '@pbshare/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { ok, stubApi, testUser } from '../test/api-stub';
import { renderRoutes } from '../test/render';
import { routes } from './router';

describe('routes', () => {
  beforeEach(() => {
    stubApi({ 'GET /v1/users/profile': () => ok(testUser) });
  });

  it.each([
    ['/', 'Every PB has a story. Show it off.'],
    ['/pricing', 'Upgrade to Pro'],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
    ['/login', 'Welcome back'],
    ['/signup', 'Create your account'],
    ['/verify', 'We could not verify your email'],
    ['/forgot-password', 'Forgot your password?'],
    ['/reset-password?token=abc', 'Choose a new password'],
    ['/no/such/page', 'Oops! Page not found'],
  ])('%s shows its page', async (path, heading) => {
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it.each(['/profile', '/profile/settings', '/add-pb', '/edit-pb/42', '/share-profile'])(
    '%s sends a visitor to /login, replacing the history entry',
    async (path) => {
      const { router } = renderRoutes(routes, path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
      expect(router.state.location.pathname).toBe('/login');
      expect(router.state.historyAction).toBe('REPLACE');
    },
  );

  it.each([
    ['/add-pb', 'Add a personal best'],
    ['/edit-pb/42', 'Edit a personal best'],
    ['/share-profile', 'Share your profile'],
    ['/someone', 'Public profile'],
  ])('%s shows the placeholder for %s when signed in', async (path, page) => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
    renderRoutes(routes, path);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Coming soon' }),
    ).toBeInTheDocument();
    expect(screen.getByText(page)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(document.title).toBe(`${page} · PBShare`);
  });

  it('shows a spinner while the stored session loads, then the profile placeholder', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubApi({
      'GET /v1/users/profile': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
    renderRoutes(routes, '/profile');
    expect(await screen.findByText('Loading your account')).toBeInTheDocument();
    expect(screen.queryByText('Signed in as')).not.toBeInTheDocument();

    answer(ok(testUser));
    expect(await screen.findByText('Signed in as')).toBeVisible();
    expect(screen.getByTestId('profile-display-name')).toHaveTextContent('ada');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/profile/settings',
    );
  });

  it('shows the settings to a signed-in user', async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
    renderRoutes(routes, '/profile/settings');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profile Settings' }),
    ).toBeVisible();
    await waitFor(() => {
      expect(document.title).toBe('Profile Settings · PBShare');
    });
  });
});
