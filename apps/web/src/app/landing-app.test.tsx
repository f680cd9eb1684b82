import { ACCESS_TOKEN_STORAGE_KEY } from '@pbshare/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { Providers } from '@/entries/providers';
import { ok, stubApi, testUser } from '@/test/api-stub';
import { LandingApp } from './landing-app';

/** The lean app as hydrate-landing.tsx hydrates it, in the providers of every page. */
function renderLandingApp() {
  return render(
    <Providers>
      <LandingApp />
    </Providers>,
  );
}

// A hand-over imports the whole app and its pages, which a busy machine takes a while to transform.
describe('LandingApp', { timeout: 20_000 }, () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('shows the landing page in the site frame, with the visitor entries', () => {
    renderLandingApp();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Every PB has a story. Show it off.' }),
    ).toBeInTheDocument();
    const banner = screen.getByRole('banner');
    expect(within(banner).getAllByRole('link', { name: 'Login' })[0]).toHaveAttribute(
      'href',
      '/login',
    );
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('hands a link over to the whole app, which goes to that page', async () => {
    renderLandingApp();
    const login = within(screen.getByRole('banner')).getAllByRole('link', { name: 'Login' })[0];

    fireEvent.click(login as HTMLAnchorElement);

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    expect(window.location.pathname).toBe('/login');
    // The page before it stays in the history: Back returns to the landing page.
    expect(window.history.length).toBeGreaterThan(1);
  });

  it('hands the claim form over with the typed name', async () => {
    renderLandingApp();
    fireEvent.change(screen.getByRole('textbox', { name: 'Your username' }), {
      target: { value: 'My Name' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Share your PBs' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create your account' }),
    ).toBeVisible();
    expect(`${window.location.pathname}${window.location.search}`).toBe(
      '/signup?username=My%20Name',
    );
  });

  it('hands over to the whole app when a session is stored, whose top bar shows the account', async () => {
    stubApi({ 'GET /v1/users/profile': () => ok(testUser) });
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
    renderLandingApp();

    expect(await screen.findByRole('link', { name: 'Your profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(screen.getAllByRole('link', { name: 'Upgrade to Pro' })[0]).toHaveAttribute(
      'href',
      '/pricing',
    );
    // Still the landing page, at the same address.
    expect(
      screen.getByRole('heading', { level: 1, name: 'Every PB has a story. Show it off.' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });
});
