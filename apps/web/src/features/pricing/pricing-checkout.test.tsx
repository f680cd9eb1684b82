import { ACCESS_TOKEN_STORAGE_KEY, type BillingOverview, type User } from '@pbshare/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  callsTo,
  fail,
  jsonBodyOf,
  ok,
  sentTo,
  stubApi,
  testUser,
  type StubHandler,
} from '@/test/api-stub';
import { renderPage } from '@/test/render';
import { pbWith } from '@/test/fixtures/personal-bests';
import { PricingPage } from './pricing-page';
import { CONFIRM_TIMEOUT_MS } from './pricing-texts';

const freeBilling: BillingOverview = {
  tier: 'free',
  plan: null,
  status: 'free',
  expiresAt: null,
  provider: 'demo',
  purchases: [],
  checkout: null,
};
const pro: User = { ...testUser, subscription_tier: 'unlimited' };

function renderPricing(
  url: string,
  handlers: Record<string, StubHandler> = {},
  user: User = testUser,
) {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
  const requests = stubApi({
    'GET /v1/users/profile': () => ok(user),
    'GET /v1/pbs': () => ok([pbWith({ id: 'r1' }), pbWith({ id: 'r2', title: 'Squat' })]),
    'GET /v1/billing': () => ok(freeBilling),
    ...handlers,
  });
  return { ...renderPage(<PricingPage />, '/pricing', url), requests };
}

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('PricingPage, signed in', () => {
  it('shows a free user the bar of N/3 and starts a checkout for the chosen plan', async () => {
    const { requests } = renderPricing('/pricing', {
      'POST /v1/billing/checkout': () => ok({ url: '/pricing?checkout=demo_1' }),
    });
    expect(
      await screen.findByText("Used 2 of 3 exercises (history entries don't count)"),
    ).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Exercises on the free plan' })).toHaveAttribute(
      'aria-valuenow',
      '2',
    );
    expect(await screen.findByText('Demo checkout: no card is charged')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Choose Lifetime Deal' }));

    const call = await sentTo(requests, 'POST /v1/billing/checkout');
    expect(jsonBodyOf(call)).toEqual({ plan: 'lifetime' });
    expect(call.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it('waits on return for the payment, then says so and goes back where it began', async () => {
    sessionStorage.setItem('pbshare.checkoutReturnTo', '/add-pb');
    let paid = false;
    const { requests } = renderPricing('/pricing?checkout=cs_1', {
      'GET /v1/billing': ({ url }) =>
        url.searchParams.get('checkout') === 'cs_1'
          ? ok({ ...freeBilling, checkout: { status: paid ? 'paid' : 'pending' } })
          : ok(freeBilling),
    });
    expect(await screen.findByText('Confirming your payment…')).toBeVisible();
    paid = true;

    expect(await screen.findByText('Subscription Purchased!', {}, { timeout: 4000 })).toBeVisible();
    expect(screen.getByText('Your subscription has been activated successfully.')).toBeVisible();
    expect(await screen.findByTestId('location')).toHaveTextContent('/add-pb');
    // Every question about a checkout named this one.
    const checkouts = callsTo(requests, 'GET /v1/billing')
      .map(({ url }) => url.searchParams.get('checkout'))
      .filter((id) => id !== null);
    expect(checkouts).not.toHaveLength(0);
    expect(new Set(checkouts)).toEqual(new Set(['cs_1']));
  });

  it('shows one state at a time: the confirmation note goes when the payment is in', async () => {
    let paid = false;
    let releaseProfile: () => void = () => undefined;
    renderPricing('/pricing?checkout=cs_1', {
      'GET /v1/billing': ({ url }) =>
        url.searchParams.get('checkout') === 'cs_1'
          ? ok({ ...freeBilling, checkout: { status: paid ? 'paid' : 'pending' } })
          : ok(freeBilling),
      // The fresh profile after payment is slow, so the page stays a while before leaving.
      'GET /v1/users/profile': async () => {
        if (paid) await new Promise<void>((resolve) => (releaseProfile = resolve));
        return ok(testUser);
      },
    });
    expect(await screen.findByText('Confirming your payment…')).toBeVisible();
    paid = true;

    await waitFor(
      () => {
        expect(screen.queryByText('Confirming your payment…')).not.toBeInTheDocument();
      },
      { timeout: 4000 },
    );
    expect(screen.queryByText(/Used \d of 3 exercises/)).not.toBeInTheDocument();
    releaseProfile();
    expect(await screen.findByText('Subscription Purchased!')).toBeVisible();
  });

  it('starts the checkout of the plan picked before signing in, once, and clears it from the address', async () => {
    const { requests, router } = renderPricing('/pricing?plan=one-year', {
      'POST /v1/billing/checkout': () => ok({ url: '/pricing?checkout=demo_1' }),
    });
    const call = await sentTo(requests, 'POST /v1/billing/checkout');
    expect(jsonBodyOf(call)).toEqual({ plan: 'one-year' });
    await waitFor(() => {
      expect(router.state.location.search).not.toContain('plan=');
    });
    expect(callsTo(requests, 'POST /v1/billing/checkout')).toHaveLength(1);
  });

  it('starts nothing for a picked plan the account already holds', async () => {
    const { requests } = renderPricing(
      '/pricing?plan=lifetime',
      { 'GET /v1/billing': () => ok({ ...freeBilling, tier: 'unlimited', plan: 'lifetime' }) },
      pro,
    );
    const lifetime = await screen.findByRole('article', { name: 'Lifetime Deal' });
    await waitFor(() => {
      expect(within(lifetime).getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    });
    expect(callsTo(requests, 'POST /v1/billing/checkout')).toHaveLength(0);
  });

  it('says clearly when the payment is still being confirmed after a minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPricing('/pricing?checkout=cs_2', {
      'GET /v1/billing': () => ok({ ...freeBilling, checkout: { status: 'pending' } }),
    });
    expect(await screen.findByText('Confirming your payment…')).toBeVisible();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CONFIRM_TIMEOUT_MS + 10);
    });
    expect(await screen.findByText(/still being confirmed/)).toBeVisible();
    expect(screen.queryByText('Confirming your payment…')).not.toBeInTheDocument();
  });

  it('says at once, and stops asking, when the server knows no such checkout', async () => {
    const { requests } = renderPricing('/pricing?checkout=cs_unknown');
    expect(await screen.findByText('Checkout not found')).toBeVisible();
    expect(screen.queryByText('Confirming your payment…')).not.toBeInTheDocument();
    const asked = callsTo(requests, 'GET /v1/billing').length;
    await new Promise((r) => setTimeout(r, 2000));
    expect(callsTo(requests, 'GET /v1/billing')).toHaveLength(asked);
  });

  it('forgets the page of an abandoned upgrade when /pricing is visited afresh', async () => {
    sessionStorage.setItem('pbshare.checkoutReturnTo', '/profile/settings');
    renderPricing('/pricing');
    expect(await screen.findByText(/Used \d of 3 exercises/)).toBeVisible();
    expect(sessionStorage.getItem('pbshare.checkoutReturnTo')).toBeNull();
  });

  it('keeps the page where the upgrade began across the return from checkout', async () => {
    sessionStorage.setItem('pbshare.checkoutReturnTo', '/add-pb');
    renderPricing('/pricing?checkout=cancelled');
    expect(await screen.findByText(/Checkout cancelled/)).toBeVisible();
    expect(sessionStorage.getItem('pbshare.checkoutReturnTo')).toBe('/add-pb');
  });

  it('says kindly that a cancelled checkout took no payment', async () => {
    renderPricing('/pricing?checkout=cancelled');
    expect(await screen.findByText(/Checkout cancelled: no payment was taken/)).toBeVisible();
  });

  it('shows the checkout error, such as a second Lifetime', async () => {
    renderPricing('/pricing', {
      'POST /v1/billing/checkout': () =>
        fail(409, 'CONFLICT', 'You already have the Lifetime Deal.'),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Lifetime Deal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You already have the Lifetime Deal.',
    );
  });

  it('shows a Lifetime holder the Pro message, Lifetime as the current plan and the pass as included', async () => {
    renderPricing(
      '/pricing',
      { 'GET /v1/billing': () => ok({ ...freeBilling, tier: 'unlimited', plan: 'lifetime' }) },
      pro,
    );
    expect(
      await screen.findByText("You're on the Pro plan! Enjoy unlimited PBs and premium features."),
    ).toBeVisible();
    const lifetime = screen.getByRole('article', { name: 'Lifetime Deal' });
    const yearly = screen.getByRole('article', { name: '1-Year Pass' });
    await waitFor(() => {
      expect(within(lifetime).getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    });
    expect(within(yearly).getByRole('button', { name: 'Included in Lifetime' })).toBeDisabled();
    expect(screen.getAllByRole('button', { name: 'Current Plan' })).toHaveLength(1);
  });

  it('marks no plan current for Pro granted without a plan', async () => {
    renderPricing(
      '/pricing',
      { 'GET /v1/billing': () => ok({ ...freeBilling, tier: 'unlimited', plan: null }) },
      pro,
    );
    await waitFor(() => {
      expect(screen.getAllByRole('button', { name: 'Included in your Pro' })).toHaveLength(2);
    });
    expect(screen.queryByRole('button', { name: 'Current Plan' })).not.toBeInTheDocument();
  });

  it('shows a pass holder the end date and still offers Lifetime', async () => {
    renderPricing(
      '/pricing',
      {
        'GET /v1/billing': () =>
          ok({
            ...freeBilling,
            tier: 'unlimited',
            plan: 'one-year',
            status: 'active',
            expiresAt: '2027-03-01T12:00:00.000Z',
          }),
      },
      pro,
    );
    expect(await screen.findByTestId('pro-until')).toHaveTextContent('March 1, 2027');
    const yearly = screen.getByRole('article', { name: '1-Year Pass' });
    expect(within(yearly).getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    expect(within(yearly).getByRole('button', { name: 'Add another year' })).toBeEnabled();
    const lifetime = screen.getByRole('article', { name: 'Lifetime Deal' });
    expect(within(lifetime).getByRole('button', { name: 'Choose Lifetime Deal' })).toBeEnabled();
  });
});
