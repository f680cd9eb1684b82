import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderPage } from '@/test/render';
import { CookiesDialog } from './cookies-dialog';

// The dialog's module is imported on first use, which a busy machine takes a while to transform.
describe('CookiesDialog', { timeout: 20_000 }, () => {
  it('opens the note on demand, and Escape closes it with focus back on the button', async () => {
    const user = userEvent.setup();
    renderPage(<CookiesDialog />);
    const trigger = screen.getByRole('button', { name: 'Cookies' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    // Its code is not part of the page until asked for.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Cookies' });
    expect(dialog).toHaveTextContent('no advertising or tracking cookies');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('leads to the privacy policy', async () => {
    const user = userEvent.setup();
    renderPage(<CookiesDialog />);
    await user.click(screen.getByRole('button', { name: 'Cookies' }));
    await user.click(await screen.findByRole('link', { name: 'Privacy Policy' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/privacy');
  });
});
