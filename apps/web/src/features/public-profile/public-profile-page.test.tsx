import { INLINE_PROFILE_ELEMENT_ID, STORY_PHOTO_MS } from '@pbshare/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { routes } from '@/app/router';
import { callsTo, fail, ok, stubApi } from '@/test/api-stub';
import { renderRoutes } from '@/test/render';
import { inlineElement, sampleProfile } from '@/test/fixtures/public-profile';

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
});
afterEach(() => {
  document.getElementById(INLINE_PROFILE_ELEMENT_ID)?.remove();
});

/** Opens `path` as the server sends it, with Ada's profile inline and the API at its defaults. */
function openInline(path: string, profile = sampleProfile) {
  const requests = stubApi();
  inlineElement(JSON.stringify({ username: 'ada', profile }));
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
  it('shows the viewer from the inline data at once, without a request', async () => {
    const { requests } = openInline('/ada');

    const dialog = await screen.findByRole('dialog', { name: "Ada's personal bests" });
    expect(within(dialog).getByTestId('story-slide')).toHaveTextContent('Exercise 1');
    expect(document.title).toBe('Ada Personal Bests');
    expect(callsTo(requests, 'GET /v1/pbs/user/ada')).toHaveLength(0);
    // The page is the story alone: no top bar.
    expect(screen.queryByRole('banner')).toBeNull();
    expect(document.getElementById(INLINE_PROFILE_ELEMENT_ID)).toBeNull();
  });

  it('closing the viewer shows the end screen, which can play it again', async () => {
    const user = userEvent.setup();
    openInline('/ada');
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
    openInline('/ada');
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
    openInline('/ada');
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
    const { router } = openInline('/ada');
    await screen.findByRole('dialog');
    act(() => {
      history.back();
    });
    expect(await screen.findByRole('heading', END_SCREEN)).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/ada');
  });

  it('shows Profile Not Found from the inline data, without a request', async () => {
    const requests = stubApi();
    inlineElement(JSON.stringify({ username: 'nobody', profile: null }));
    renderRoutes(routes, '/nobody');
    expect(await screen.findByRole('heading', NOT_FOUND)).toBeVisible();
    expect(
      screen.getByText("The profile you're looking for doesn't exist or is not available."),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    expect(callsTo(requests, 'GET /v1/pbs/user/nobody')).toHaveLength(0);
  });

  it('fetches the profile when the page carries none (a client-side visit)', async () => {
    const requests = stubApi({ 'GET /v1/pbs/user/Ada': () => ok(sampleProfile) });
    renderRoutes(routes, '/Ada');
    expect(await screen.findByText('Loading profile')).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: "Ada's personal bests" })).toBeVisible();
    expect(callsTo(requests, 'GET /v1/pbs/user/Ada')).toHaveLength(1);
  });

  it("fetches when the inline data is someone else's", async () => {
    const requests = stubApi({ 'GET /v1/pbs/user/ada': () => ok(sampleProfile) });
    inlineElement(JSON.stringify({ username: 'grace', profile: null }));
    renderRoutes(routes, '/ada');
    expect(await screen.findByRole('dialog')).toBeVisible();
    expect(callsTo(requests, 'GET /v1/pbs/user/ada')).toHaveLength(1);
  });

  it('shows Profile Not Found when the API knows nobody', async () => {
    openUnknown('/nobody');
    expect(await screen.findByRole('heading', NOT_FOUND)).toBeVisible();
    expect(document.title).toBe('Profile Not Found · PBShare');
  });

  it('logs a failed load and shows Profile Not Found', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({ 'GET /v1/pbs/user/ada': () => fail(500, 'INTERNAL', 'Boom') });
    renderRoutes(routes, '/ada');
    expect(await screen.findByRole('heading', NOT_FOUND)).toBeVisible();
    expect(error).toHaveBeenCalledWith('Could not load the public profile', expect.anything());
  });

  it('goes straight to the end screen for a profile with nothing shared', async () => {
    openInline('/ada', { ...sampleProfile, pbs: [] });
    expect(
      await screen.findByRole('heading', { name: 'Behind every PB is a story worth telling.' }),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Watch again' })).toBeNull();
  });
});

describe('/{username}/{pbId}', () => {
  it('opens the story at that PB; Back and the end screen work as on /{username}', async () => {
    const user = userEvent.setup();
    const { router } = openInline('/ada/pb-2');

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
    openInline('/ada/pb-2');
    await screen.findByRole('dialog');

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByTestId('story-slide')).toHaveTextContent('Exercise 1');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', END_SCREEN)).toBeVisible();
  });

  it('opens at the first PB, saying nothing, when that PB is not shown', async () => {
    openInline('/ada/no-such-pb');
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
