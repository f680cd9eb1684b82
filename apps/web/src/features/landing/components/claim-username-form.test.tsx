import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderPage } from '@/test/render';
import { ClaimUsernameForm } from './claim-username-form';

describe('ClaimUsernameForm', () => {
  it('shows the host as the prefix of the public address', () => {
    renderPage(<ClaimUsernameForm />);
    expect(screen.getByText(`${window.location.host}/`)).toBeInTheDocument();
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
