import { STORY_PHOTO_MS, type PublicProfile } from '@pbshare/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { routes } from '@/app/router';
import { callsTo, fail, ok, stubApi, testUser } from '@/test/api-stub';
import { renderRoutes } from '@/test/render';
import { sampleProfile } from '@/test/fixtures/public-profile';

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
});
/**
 * Opens `path` inside the app, Ada's profile coming from the API. (A visitor's first load is the
 * server-rendered page instead: src/entries/render-public-page.test.tsx.)
 */
function openProfile(path: string, profile: PublicProfile = sampleProfile) {
  const requests = stubApi({ 'GET /v1/pbs/user/ada': () => ok(profile) });
  return { requests, ...renderRoutes(routes, path) };
}

const END_SCREEN = { level: 1, name: 'Behind every PB is a story worth telling.' };
const NOT_FOUND = { level: 1, name: 'Profile Not Found' };

/** Opens `path`, a page of a person the API does not know. */
function openUnknown(path: string) {
  stubApi({ 'GET /v1/pbs/user/nobody': () => fail(404, 'NOT_FOUND', 'No such profile') });
  renderRoutes(routes, path);
}

describe('/{username}', () => {
  it('shows the story, and nothing of the site around it', async () => {
    openProfile('/ada');

    const dialog = await screen.findByRole('dialog', { name: "Ada's personal bests" });
    expect(within(dialog).getByTestId('story-slide')).toHaveTextContent('Exercise 1');
    expect(document.title).toBe('Ada Personal Bests');
    // The page is the story alone: no top bar.
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('closing the viewer shows the end screen, which can play it again', async () => {
    const user = userEvent.setup();
    openProfile('/ada');
    await screen.findByRole('dialog');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    const heading = screen.getByRole('heading', END_SCREEN);
    expect(heading).toBeVisible();
    await waitFor(() => {
      expect(heading).toHaveFocus();
    });
    expect(screen.getByRole('link', { name: 'Start sharing yours' })).toHaveAttribute('href', '/');

    await user.click(screen.getByRole('button', { name: 'Watch again' }));
    expect(await screen.findByRole('dialog')).toBeVisible();
  });

  it('ends on the end screen after the last slide instead of starting over', async () => {
    const user = userEvent.setup();
    openProfile('/ada');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('story-slide')).toHaveTextContent('Exercise 1');

    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByTestId('story-slide')).toHaveTextContent('Exercise 2');
    await user.keyboard('{ArrowRight}');
    expect(screen.queryByRole('dialog')).toBeNull();
    const heading = screen.getByRole('heading', END_SCREEN);
    await waitFor(() => {
      expect(heading).toHaveFocus();
    });
  });

  it('ends on the end screen when the last slide runs out', async () => {
    openProfile('/ada');
    await screen.findByRole('dialog');
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    try {
      for (const title of ['Exercise 1', 'Exercise 2']) {
        const slide = screen.getByTestId('story-slide');
        expect(slide).toHaveTextContent(title);
        fireEvent.load(within(slide).getByRole('img'));
        act(() => {
          vi.advanceTimersByTime(STORY_PHOTO_MS + 50);
        });
      }
    } finally {
      vi.useRealTimers();
    }
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', END_SCREEN)).toBeVisible();
  });

  it("the browser's Back closes the viewer and stays on the page", async () => {
    const { router } = openProfile('/ada');
    await screen.findByRole('dialog');
    act(() => {
      history.back();
    });
    expect(await screen.findByRole('heading', END_SCREEN)).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/ada');
  });

  it('fetches the profile when the page carries none (a client-side visit)', async () => {
    const requests = stubApi({ 'GET /v1/pbs/user/Ada': () => ok(sampleProfile) });
    renderRoutes(routes, '/Ada');
    expect(await screen.findByText('Loading profile')).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: "Ada's personal bests" })).toBeVisible();
    expect(callsTo(requests, 'GET /v1/pbs/user/Ada')).toHaveLength(1);
  });

  it('shows Profile Not Found when the API knows nobody', async () => {
    openUnknown('/nobody');
    expect(await screen.findByRole('heading', NOT_FOUND)).toBeVisible();
    expect(document.title).toBe('Profile Not Found · PBShare');
    expect(
      screen.getByText("The profile you're looking for doesn't exist or is not available."),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });

  it('logs a failed load and shows Profile Not Found', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({ 'GET /v1/pbs/user/ada': () => fail(500, 'INTERNAL', 'Boom') });
    renderRoutes(routes, '/ada');
    expect(await screen.findByRole('heading', NOT_FOUND)).toBeVisible();
    expect(error).toHaveBeenCalledWith('Could not load the public profile', expect.anything());
  });

  it('goes straight to the end screen for a profile with nothing shared', async () => {
    openProfile('/ada', { ...sampleProfile, pbs: [] });
    expect(
      await screen.findByRole('heading', { name: 'Behind every PB is a story worth telling.' }),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Watch again' })).toBeNull();
    expect(screen.getByText("Ada hasn't shared any PBs yet.")).toBeVisible();
    expect(screen.queryByText(/0 personal bests/)).toBeNull();
    expect(screen.queryByRole('list', { name: "Ada's personal bests" })).toBeNull();
  });

  it('lists the PBs on the end screen; a tap plays the story from that one', async () => {
    const user = userEvent.setup();
    openProfile('/ada');
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Close' }));

    expect(screen.getByText('2 personal bests')).toBeVisible();
    const list = screen.getByRole('list', { name: "Ada's personal bests" });
    const tiles = within(list).getAllByRole('button');
    expect(tiles.map((tile) => tile.getAttribute('aria-label'))).toEqual([
      'Watch Exercise 1, 101 lbs',
      'Watch Exercise 2, 102 lbs',
    ]);
    expect(within(list).getAllByText(/^10[12] lbs$/)).toHaveLength(2);

    await user.click(within(list).getByRole('button', { name: 'Watch Exercise 2, 102 lbs' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('story-slide')).toHaveTextContent('Exercise 2');
    // From there it goes on to the end, as a story does.
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('heading', END_SCREEN)).toBeVisible();
  });
});

/** A signed-in browser's stored session: a token whose claims expire `inSeconds` from now. */
function storeSession(inSeconds: number) {
  const claims = btoa(
    JSON.stringify({ userId: 'u1', exp: Math.floor(Date.now() / 1000) + inSeconds }),
  );
  localStorage.setItem('accessToken', `header.${claims.replace(/=+$/, '')}.signature`);
}

describe("the end screen's call to action", () => {
  afterEach(() => {
    localStorage.clear();
  });

  async function endScreenOf(profileOwner: string | null) {
    const requests = stubApi({
      'GET /v1/pbs/user/ada': () => ok(sampleProfile),
      'GET /v1/users/profile': () =>
        profileOwner
          ? ok({ ...testUser, displayName: profileOwner })
          : fail(401, 'UNAUTHORIZED', 'No'),
    });
    renderRoutes(routes, '/ada');
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    return requests;
  }

  it('takes the owner, signed in here, to their PBs', async () => {
    storeSession(600);
    const requests = await endScreenOf('ADA');
    const link = await screen.findByRole('link', { name: 'Edit your PBs' });
    expect(link).toHaveAttribute('href', '/profile');
    expect(callsTo(requests, 'GET /v1/users/profile')[0]?.headers.get('authorization')).toMatch(
      /^Bearer /,
    );
  });

  it('asks visitors to share theirs, and asks nothing without a live session', async () => {
    storeSession(600);
    await endScreenOf('grace');
    await waitFor(() => {
      expect(screen.getByRole('link', { name: 'Start sharing yours' })).toHaveAttribute(
        'href',
        '/',
      );
    });
    expect(screen.queryByRole('link', { name: 'Edit your PBs' })).toBeNull();

    cleanup();
    storeSession(-60);
    const expired = await endScreenOf('ada');
    expect(screen.getByRole('link', { name: 'Start sharing yours' })).toBeVisible();
    expect(callsTo(expired, 'GET /v1/users/profile')).toEqual([]);
  });
});

describe('/{username}/{pbId}', () => {
  it('opens the story at that PB; Back and the end screen work as on /{username}', async () => {
    const user = userEvent.setup();
    const { router } = openProfile('/ada/pb-2');

    const dialog = await screen.findByRole('dialog', { name: "Ada's personal bests" });
    expect(within(dialog).getByTestId('story-slide')).toHaveTextContent('Exercise 2');
    expect(
      within(dialog).getByRole('button', { name: 'Show personal best 2 of 2: Exercise 2' }),
    ).toHaveAttribute('aria-current', 'step');
    expect(document.title).toBe('Ada Personal Bests');

    act(() => {
      history.back();
    });
    const heading = await screen.findByRole('heading', END_SCREEN);
    expect(heading).toBeVisible();
    expect(router.state.location.pathname).toBe('/ada/pb-2');

    // Watching again plays the whole story, from the first PB.
    await user.click(screen.getByRole('button', { name: 'Watch again' }));
    expect(within(await screen.findByRole('dialog')).getByTestId('story-slide')).toHaveTextContent(
      'Exercise 1',
    );
  });

  it('goes on from the linked PB to the end screen', async () => {
    const user = userEvent.setup();
    openProfile('/ada/pb-2');
    await screen.findByRole('dialog');

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByTestId('story-slide')).toHaveTextContent('Exercise 1');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', END_SCREEN)).toBeVisible();
  });

  it('opens at the first PB, saying nothing, when that PB is not shown', async () => {
    openProfile('/ada/no-such-pb');
    const dialog = await screen.findByRole('dialog', { name: "Ada's personal bests" });
    expect(within(dialog).getByTestId('story-slide')).toHaveTextContent('Exercise 1');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('fetches the profile on a client-side visit, then opens at that PB', async () => {
    const requests = stubApi({ 'GET /v1/pbs/user/Ada': () => ok(sampleProfile) });
    renderRoutes(routes, '/Ada/pb-2');
    const dialog = await screen.findByRole('dialog', { name: "Ada's personal bests" });
    expect(within(dialog).getByTestId('story-slide')).toHaveTextContent('Exercise 2');
    expect(callsTo(requests, 'GET /v1/pbs/user/Ada')).toHaveLength(1);
  });

  it('shows Profile Not Found for an unknown person', async () => {
    openUnknown('/nobody/pb-1');
    expect(await screen.findByRole('heading', NOT_FOUND)).toBeVisible();
  });
});
