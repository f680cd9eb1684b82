import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { ACCESS_TOKEN_STORAGE_KEY } from '@pbshare/shared';

import { callsTo, ok, stubApi, testUser } from '@/test/api-stub';
import { renderPage } from '@/test/render';
import { TopBar } from './top-bar';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('TopBar', () => {
  afterEach(() => {
    scrollTo(0);
  });

  it('links the visitor entries', () => {
    renderPage(<TopBar />);
    const main = screen.getAllByRole('navigation', { name: 'Main', hidden: true })[0];
    expect(main).toBeDefined();
    expect(screen.getByRole('link', { name: 'PBShare home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
  });

  it('opens and closes the menu list, with Escape returning focus to the button', async () => {
    const user = userEvent.setup();
    renderPage(<TopBar />);
    const button = screen.getByRole('button', { name: 'Open menu' });
    const menu = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toBeVisible();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAccessibleName('Close menu');
    expect(menu).toBeVisible();

    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toBeVisible();
    expect(button).toHaveFocus();
  });

  it('closes the menu when one of its links is followed', async () => {
    const user = userEvent.setup();
    renderPage(<TopBar />);
    const button = screen.getByRole('button', { name: 'Open menu' });
    await user.click(button);
    const menu = document.getElementById(button.getAttribute('aria-controls') ?? '');
    const login = menu?.querySelector('a[href="/login"]');
    expect(login).toBeInstanceOf(HTMLAnchorElement);

    fireEvent.click(login as HTMLAnchorElement);

    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
  });

  it('turns to glass only after more than 20 px of scroll', () => {
    renderPage(<TopBar />);
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-glass', 'false');

    scrollTo(20);
    expect(header).toHaveAttribute('data-glass', 'false');

    scrollTo(21);
    expect(header).toHaveAttribute('data-glass', 'true');
    expect(header.className).toContain('backdrop-blur');
  });

  describe('signed in', () => {
    function signedInAs(user = testUser) {
      localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
      stubApi({ 'GET /v1/users/profile': () => ok(user) });
    }

    it('shows the avatar and Upgrade to Pro instead of Login and Sign Up', async () => {
      signedInAs();
      renderPage(<TopBar />);

      const avatar = await screen.findByRole('link', { name: 'Your profile' });
      expect(avatar).toHaveAttribute('href', '/profile');
      expect(avatar).toHaveTextContent('A');
      expect(screen.getByRole('link', { name: 'PBShare home' })).toHaveAttribute(
        'href',
        '/profile',
      );
      expect(screen.getAllByRole('link', { name: 'Upgrade to Pro' })[0]).toHaveAttribute(
        'href',
        '/pricing',
      );
      expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument();
    });

    it('shows the profile picture when there is one', async () => {
      signedInAs({ ...testUser, profileImage: '/media/avatars/a.webp' });
      renderPage(<TopBar />);

      const avatar = await screen.findByRole('link', { name: 'Your profile' });
      expect(avatar.querySelector('img')).toHaveAttribute('src', '/media/avatars/a.webp');
    });

    it('offers no upgrade to a Pro user', async () => {
      signedInAs({ ...testUser, subscription_tier: 'unlimited' });
      renderPage(<TopBar />);

      await screen.findByRole('link', { name: 'Your profile' });
      expect(screen.queryByRole('link', { name: 'Upgrade to Pro' })).not.toBeInTheDocument();
    });

    it('lists the signed-in entries in the phone menu', async () => {
      signedInAs();
      const user = userEvent.setup();
      renderPage(<TopBar />);
      await screen.findByRole('link', { name: 'Your profile' });

      const button = screen.getByRole('button', { name: 'Open menu' });
      await user.click(button);
      const menu = document.getElementById(button.getAttribute('aria-controls') ?? '');
      expect([...(menu?.querySelectorAll('a') ?? [])].map((a) => a.textContent)).toEqual([
        'Upgrade to Pro',
        'Your profile',
        'Profile settings',
      ]);
      expect(
        await within(menu ?? document.body).findByRole('button', { name: 'Sign Out' }),
      ).toBeVisible();
    });

    it('signs out from the bar: tells the server, forgets the session and goes home', async () => {
      localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
      const requests = stubApi({
        'GET /v1/users/profile': () => ok(testUser),
        'POST /v1/auth/logout': () => ok(null),
      });
      const user = userEvent.setup();
      renderPage(<TopBar />, '/profile', '/profile');
      await screen.findByRole('link', { name: 'Your profile' });

      const [signOut] = await screen.findAllByRole('button', { name: 'Sign Out', hidden: true });
      if (!signOut) throw new Error('no Sign Out button');
      await user.click(signOut);

      expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
      expect(callsTo(requests, 'POST /v1/auth/logout')).toHaveLength(1);
      expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
    });
  });
});
