import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderPage } from '@/test/render';
import { PricingPage } from './pricing-page';

describe('PricingPage', () => {
  it('shows both one-time plans with their prices, savings and the popular mark', () => {
    renderPage(<PricingPage />, '/pricing');

    expect(screen.getByRole('heading', { level: 1, name: 'Upgrade to Pro' })).toBeInTheDocument();
    expect(screen.getByText('Launch offer ending soon')).toBeInTheDocument();

    const yearly = screen.getByRole('article', { name: '1-Year Pass' });
    expect(within(yearly).getByText('$19.99')).toBeInTheDocument();
    expect(within(yearly).getByText('$29.99')).toBeInTheDocument();
    expect(within(yearly).getByText('Save 33% for a year')).toBeInTheDocument();
    expect(within(yearly).queryByText('Popular')).not.toBeInTheDocument();

    const lifetime = screen.getByRole('article', { name: 'Lifetime Deal' });
    expect(within(lifetime).getByText('$39.99')).toBeInTheDocument();
    expect(within(lifetime).getByText('$99.99')).toBeInTheDocument();
    expect(within(lifetime).getByText('Save 60% for life')).toBeInTheDocument();
    expect(within(lifetime).getByText('Popular')).toBeInTheDocument();

    expect(screen.getAllByText('One-time payment')).toHaveLength(2);
    expect(screen.getByText('Coming soon')).toBeInTheDocument();
  });

  it('sends a visitor who picks a plan to sign in first', async () => {
    renderPage(<PricingPage />, '/pricing');

    await userEvent.click(screen.getByRole('link', { name: 'Choose Lifetime Deal' }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/login?redirect=pricing');
  });
});
