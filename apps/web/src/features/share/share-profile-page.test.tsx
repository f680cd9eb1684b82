import { ACCESS_TOKEN_STORAGE_KEY, type PersonalBest } from '@pbshare/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { routes } from '@/app/router';
import { fail, jsonBodyOf, ok, sentTo, stubApi, testUser } from '@/test/api-stub';
import { renderRoutes } from '@/test/render';
import { testPb, testVideoPb } from '@/test/fixtures/story-pbs';
import { profileLink } from './profile-link';

const LINK = `${window.location.origin}/ada`;

function signedIn(pbs: PersonalBest[], user = testUser, extra = {}) {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
  return stubApi({
    'GET /v1/users/profile': () => ok(user),
    'GET /v1/pbs': () => ok(pbs),
    ...extra,
  });
}

/** The list's row at `index`. */
function row(index: number): HTMLElement {
  const found = screen.getAllByTestId('share-pb-row')[index];
  if (!found) throw new Error(`no row ${index}`);
  return found;
}

async function openPage() {
  const result = renderRoutes(routes, '/share-profile');
  await screen.findByRole('heading', { level: 1, name: 'Share Profile' });
  return result;
}

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
});

describe('/share-profile', () => {
  it('shows the link without its scheme, the QR code and a way back', async () => {
    signedIn([testPb(1)]);
    await openPage();
    expect(screen.getByRole('link', { name: 'Back to Profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    const link = screen.getByTestId('share-link');
    expect(link).toHaveTextContent(`${window.location.host}/ada`);
    expect(link).toHaveAttribute('href', LINK);
    expect(
      await screen.findByRole('img', { name: `QR code for ${window.location.host}/ada` }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    expect(screen.getByRole('button', { name: 'Download PNG' })).toBeEnabled();
  });

  describe('Copy Link', () => {
    it("copies the link, reads 'Copied!' for 2 s and says so in a toast", async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
        signedIn([testPb(1)]);
        await openPage();

        await user.click(screen.getByRole('button', { name: 'Copy Link' }));
        expect(await navigator.clipboard.readText()).toBe(LINK);
        expect(screen.getByRole('button', { name: 'Copied!' })).toBeVisible();
        expect(await screen.findByText('Link copied!')).toBeVisible();
        expect(screen.getByText('Your profile link has been copied to clipboard')).toBeVisible();

        act(() => {
          vi.advanceTimersByTime(1900);
        });
        expect(screen.getByRole('button', { name: 'Copied!' })).toBeVisible();
        act(() => {
          vi.advanceTimersByTime(200);
        });
        expect(screen.getByRole('button', { name: 'Copy Link' })).toBeVisible();
      } finally {
        vi.useRealTimers();
      }
    });

    it("says 'Failed to copy' when the clipboard refuses", async () => {
      const user = userEvent.setup();
      vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
      signedIn([testPb(1)]);
      await openPage();
      await user.click(screen.getByRole('button', { name: 'Copy Link' }));
      expect(await screen.findByText('Failed to copy')).toBeVisible();
      expect(screen.getByText('Could not copy link to clipboard')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Copy Link' })).toBeVisible();
    });

    it("says 'Missing username' without a display name, and offers to set one", async () => {
      const user = userEvent.setup();
      signedIn([testPb(1)], { ...testUser, displayName: '' });
      await openPage();
      expect(screen.getByText('Set a display name to generate your link')).toBeVisible();
      expect(screen.getByRole('link', { name: 'Set display name' })).toHaveAttribute(
        'href',
        '/profile/settings',
      );
      await user.click(screen.getByRole('button', { name: 'Copy Link' }));
      expect(await screen.findByText('Missing username')).toBeVisible();
      expect(
        screen.getByText('Please set a display name in your profile settings first'),
      ).toBeVisible();
    });
  });

  it('lists the PBs with their values and badges; a tap toggles visibility at once', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    const requests = signedIn(
      [testPb(1, { sets: 3, reps: 5 }), testPb(2, { isVisible: false })],
      testUser,
      {
        'PATCH /v1/pbs/visibility': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    );
    await openPage();
    expect(await screen.findAllByTestId('share-pb-row')).toHaveLength(2);
    expect(row(0)).toHaveTextContent('Exercise 1');
    expect(row(0)).toHaveTextContent('101 lbs');
    expect(within(row(0)).getByText('3 sets')).toBeVisible();
    expect(within(row(0)).getByText('5 reps')).toBeVisible();
    expect(row(0)).toHaveAttribute('aria-pressed', 'true');
    expect(row(1)).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('share-selected-count')).toHaveTextContent('1 of 2');

    await user.click(row(1));
    // Optimistic: pressed before the server answers.
    expect(row(1)).toHaveAttribute('aria-pressed', 'true');
    expect(jsonBodyOf(await sentTo(requests, 'PATCH /v1/pbs/visibility'))).toEqual({
      id: 'pb-2',
      isVisible: true,
    });
    answer(ok(testPb(2, { isVisible: true })));
  });

  it("offers 'Share this PB' beside each shown PB, and copies that PB's link", async () => {
    const user = userEvent.setup();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:image'), revokeObjectURL: vi.fn() });
    const download = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockReturnValue(undefined);
    signedIn([testPb(1), testPb(2, { isVisible: false })], testUser, {
      'GET /v1/pbs/pb-1/story.jpg': () =>
        new Response(new Uint8Array([0xff, 0xd8]), { headers: { 'Content-Type': 'image/jpeg' } }),
    });
    await openPage();
    await screen.findAllByTestId('share-pb-row');
    const item = (index: number) => row(index).closest('li') as HTMLElement;
    expect(within(item(1)).queryByRole('button', { name: /^Share this PB/ })).toBeNull();

    await user.click(within(item(0)).getByRole('button', { name: 'Share this PB: Exercise 1' }));
    expect(
      await screen.findByText(
        'Your PB link has been copied to clipboard. Its image is downloading.',
      ),
    ).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe(`${LINK}/pb-1`);
    expect(download).toHaveBeenCalledTimes(1);
    // The row's own toggle was not pressed.
    expect(row(0)).toHaveAttribute('aria-pressed', 'true');
  });

  it('rolls a toggle back when saving fails', async () => {
    const user = userEvent.setup();
    signedIn([testPb(1)], testUser, {
      'PATCH /v1/pbs/visibility': () => fail(500, 'INTERNAL', 'Server trouble'),
    });
    await openPage();
    await screen.findAllByTestId('share-pb-row');
    await user.click(row(0));
    expect(await screen.findByText('Could not update visibility')).toBeVisible();
    await waitFor(() => {
      expect(row(0)).toHaveAttribute('aria-pressed', 'true');
    });
  });

  it('previews only the selected PBs in the story viewer', async () => {
    const user = userEvent.setup();
    signedIn([testPb(1), testVideoPb(2, { isVisible: false }), testPb(3)]);
    await openPage();
    await screen.findAllByTestId('share-pb-row');
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const dialog = screen.getByRole('dialog', { name: "ada's personal bests" });
    expect(within(dialog).getAllByRole('button', { name: /^Show personal best/ })).toHaveLength(2);
    expect(within(dialog).getByTestId('story-slide')).toHaveTextContent('Exercise 1');
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByTestId('story-slide')).toHaveTextContent('Exercise 3');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Preview' })).toHaveFocus();
    });
  });

  it('offers no preview until the PBs have loaded', async () => {
    let answer: (response: Response) => void = () => undefined;
    signedIn([], testUser, {
      'GET /v1/pbs': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    await openPage();
    expect(screen.getByText('Loading personal bests...')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeDisabled();
    answer(ok([testPb(1)]));
    await screen.findAllByTestId('share-pb-row');
    expect(screen.getByRole('button', { name: 'Preview' })).toBeEnabled();
  });

  it("says 'No PBs Selected' when previewing nothing", async () => {
    const user = userEvent.setup();
    signedIn([testPb(1, { isVisible: false })]);
    await openPage();
    await screen.findAllByTestId('share-pb-row');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = screen.getByRole('dialog', { name: 'No PBs Selected' });
    expect(dialog).toHaveTextContent('Please select at least one Personal Best to preview.');
    await user.click(within(dialog).getByRole('button', { name: 'Back to Selection' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Preview' })).toHaveFocus();
    });
  });

  it('invites a user without PBs to add one', async () => {
    signedIn([]);
    await openPage();
    expect(
      await screen.findByText("You don't have any personal bests to share yet."),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add Your First PB' })).toHaveAttribute(
      'href',
      '/add-pb',
    );
  });
});

describe('profileLink', () => {
  it('is the origin plus the name, shown without the scheme', () => {
    const location = { origin: 'https://pbshare.app', host: 'pbshare.app' };
    expect(profileLink('ada.lifts', location)).toEqual({
      url: 'https://pbshare.app/ada.lifts',
      display: 'pbshare.app/ada.lifts',
    });
    expect(profileLink('  ', location)).toBeNull();
    expect(profileLink(null, location)).toBeNull();
  });
});
