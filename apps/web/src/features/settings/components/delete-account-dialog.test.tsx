import { ACCESS_TOKEN_STORAGE_KEY, type BillingOverview, type User } from '@pbshare/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { callsTo, fail, ok, stubApi, testUser, type StubHandler } from '@/test/api-stub';
import { renderPage } from '@/test/render';
import { SettingsPage } from '../settings-page';

const billing = (overview: Partial<BillingOverview>): BillingOverview => ({
  tier: 'free',
  plan: null,
  status: 'free',
  expiresAt: null,
  provider: 'demo',
  purchases: [],
  checkout: null,
  ...overview,
});
const pro: User = { ...testUser, subscription_tier: 'unlimited' };

async function openDeleteDialog(user: User, handlers: Record<string, StubHandler> = {}) {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
  const requests = stubApi({
    'GET /v1/users/profile': () => ok(user),
    'GET /v1/pbs': () => ok([]),
    'GET /v1/billing': () => ok(billing({})),
    ...handlers,
  });
  renderPage(<SettingsPage />, '/profile/settings', '/profile/settings?tab=account');
  await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
  return { dialog: screen.getByRole('dialog', { name: 'Delete your account?' }), requests };
}

describe('The account deletion dialog', () => {
  let saved: string[];

  beforeEach(() => {
    saved = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:archive');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('says a Pro plan ends with the account, naming the plan held', async () => {
    const { dialog } = await openDeleteDialog(pro, {
      'GET /v1/billing': () =>
        ok(billing({ tier: 'unlimited', plan: 'lifetime', status: 'active' })),
    });
    expect(
      await within(dialog).findByText(
        'Your Pro plan (Lifetime Deal) ends with your account and is not refunded.',
      ),
    ).toBeVisible();
  });

  it('says nothing of a plan to a free account', async () => {
    const { dialog } = await openDeleteDialog(testUser);
    expect(within(dialog).getByRole('button', { name: 'Download my data first' })).toBeVisible();
    expect(within(dialog).queryByText(/Your Pro plan/)).not.toBeInTheDocument();
  });

  it('downloads the archive first, before the delete button, and deletes nothing', async () => {
    const { dialog, requests } = await openDeleteDialog(testUser, {
      'GET /v1/users/export': () =>
        new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="pbshare-ada-2026-11-27.zip"',
          },
        }),
    });
    const buttons = within(dialog)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(buttons.indexOf('Download my data first')).toBeLessThan(
      buttons.indexOf('Delete my account'),
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Download my data first' }));

    expect(await within(dialog).findByText('Your data is downloaded.')).toBeVisible();
    expect(saved).toEqual(['pbshare-ada-2026-11-27.zip']);
    expect(callsTo(requests, 'GET /v1/users/export')).toHaveLength(1);
    expect(callsTo(requests, 'DELETE /v1/users')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
  });

  it('says so when the download fails', async () => {
    const { dialog } = await openDeleteDialog(testUser, {
      'GET /v1/users/export': () => fail(500, 'INTERNAL_ERROR', 'Something went wrong.'),
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download my data first' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong.');
    expect(saved).toEqual([]);
  });
});
