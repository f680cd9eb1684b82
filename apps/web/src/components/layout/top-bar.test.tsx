import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { renderPage } from '../../test/render';
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
});
