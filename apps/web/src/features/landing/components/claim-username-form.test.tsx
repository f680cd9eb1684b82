import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderPage } from '@/test/render';
import { PAGE_HOST_PROPERTY } from '@/lib/page-host';
import { ClaimUsernameForm } from './claim-username-form';

describe('ClaimUsernameForm', () => {
  it('shows the host as the prefix of the public address, from the page-host property', () => {
    renderPage(<ClaimUsernameForm />);
    expect(document.documentElement.style.getPropertyValue(PAGE_HOST_PROPERTY)).toBe(
      `"${window.location.host}/"`,
    );
    const prefix = screen.getByTestId('page-host');
    expect(prefix).toHaveClass('before:content-[var(--page-host)]');
    expect(prefix).toHaveAttribute('title', window.location.host);
  });

  it('goes to sign-up with the typed name URL-encoded', async () => {
    const user = userEvent.setup();
    renderPage(<ClaimUsernameForm />);

    await user.type(screen.getByRole('textbox', { name: 'Your username' }), 'My Name&co/1');
    await user.click(screen.getByRole('button', { name: 'Share your PBs' }));

    expect(await screen.findByTestId('location')).toHaveTextContent(
      '/signup?username=My%20Name%26co%2F1',
    );
  });

  it('does not validate: pressing Enter on an empty field still goes to sign-up', async () => {
    const user = userEvent.setup();
    renderPage(<ClaimUsernameForm />);

    await user.type(screen.getByRole('textbox', { name: 'Your username' }), '{Enter}');

    expect(await screen.findByTestId('location')).toHaveTextContent('/signup?username=');
  });
});
