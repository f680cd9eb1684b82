import { ACCESS_TOKEN_STORAGE_KEY } from '@pbshare/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { ok, stubApi, testUser } from '@/test/api-stub';
import { sampleProfile } from '@/test/fixtures/public-profile';
import { renderRoutes } from '@/test/render';
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

  it.each(['/profile', '/profile/settings', '/add-pb', '/edit-pb/42', '/share-profile', '/admin'])(
    '%s sends a visitor to /login, replacing the history entry',
    async (path) => {
      const { router } = renderRoutes(routes, path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
      expect(router.state.location.pathname).toBe('/login');
      expect(router.state.historyAction).toBe('REPLACE');
    },
  );

  it.each([
    ['/share-profile', 'Share Profile'],
    ['/profile/settings', 'Profile Settings'],
    ['/add-pb', 'Add New Personal Best'],
    ['/edit-pb/42', 'Edit Personal Best'],
  ])('%s shows its page when signed in', async (path, heading) => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible();
    await waitFor(() => {
      expect(document.title).toBe(`${heading} · PBShare`);
    });
  });

  it("shows the profile's skeleton while the stored session loads, then the profile", async () => {
    let answer: ((response: Response) => void) | undefined;
    stubApi({
      'GET /v1/users/profile': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
    renderRoutes(routes, '/profile');
    expect(await screen.findByRole('status', { name: 'Loading your profile' })).toBeVisible();
    // The same skeleton stands from the first code's arrival until the session is known.
    await waitFor(() => {
      expect(answer).toBeDefined();
    });
    expect(screen.getByRole('status', { name: 'Loading your profile' })).toBeVisible();
    expect(screen.queryByTestId('profile-display-name')).not.toBeInTheDocument();

    answer?.(ok(testUser));
    expect(await screen.findByTestId('profile-display-name')).toHaveTextContent('ada');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/profile/settings',
    );
  });

  it('shows a spinner on the other signed-in pages while the stored session loads', async () => {
    stubApi({ 'GET /v1/users/profile': () => new Promise<Response>(() => undefined) });
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
    renderRoutes(routes, '/profile/settings');
    expect(await screen.findByText('Loading your account')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading your profile' })).not.toBeInTheDocument();
  });

  it.each([
    ['/ada', 'Exercise 1'],
    ['/ada/pb-2', 'Exercise 2'],
  ])('%s is the public page, its story at %s, with no top bar', async (path, title) => {
    stubApi({ 'GET /v1/pbs/user/ada': () => ok(sampleProfile) });
    renderRoutes(routes, path);
    const dialog = await screen.findByRole('dialog', { name: "Ada's personal bests" });
    expect(within(dialog).getByTestId('story-slide')).toHaveTextContent(title);
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it.each(['/profile/settings', '/edit-pb/42'])(
    '%s stays its own page, not a PB link',
    async (path) => {
      renderRoutes(routes, path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    },
  );
});
