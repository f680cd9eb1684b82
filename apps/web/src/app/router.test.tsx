import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderRoutes } from '../test/render';
import { routes } from './router';

describe('routes', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          jsonResponse({
            success: true,
            message: 'ok',
            status: 200,
            data: {
              productName: 'PBShare',
              publicOrigin: 'http://localhost',
              supportEmail: 'help@example.test',
              privacyEmail: 'privacy@example.test',
            },
          }),
        ),
      ),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    ['/', 'Every PB has a story. Show it off.'],
    ['/pricing', 'Upgrade to Pro'],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
    ['/no/such/page', 'Oops! Page not found'],
  ])('%s shows its page', async (path, heading) => {
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it.each([
    ['/login', 'Sign in'],
    ['/signup', 'Sign up'],
    ['/verify', 'E-mail verification'],
    ['/profile', 'Your profile'],
    ['/profile/settings', 'Profile settings'],
    ['/add-pb', 'Add a personal best'],
    ['/edit-pb/42', 'Edit a personal best'],
    ['/share-profile', 'Share your profile'],
    ['/someone', 'Public profile'],
  ])('%s shows the placeholder for %s', async (path, page) => {
    renderRoutes(routes, path);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Coming soon' }),
    ).toBeInTheDocument();
    expect(screen.getByText(page)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(document.title).toBe(`${page} · PBShare`);
  });
});
