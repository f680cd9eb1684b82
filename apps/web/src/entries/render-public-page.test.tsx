import {
  INLINE_PROFILE_ELEMENT_ID,
  type InlineProfilePage,
  type PublicProfile,
} from '@pbshare/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { PublicProfileView, readInlinePage } from '@/features/public-profile';
import { inlineElement, sampleProfile } from '@/test/fixtures/public-profile';
import { testVideoPb } from '@/test/fixtures/story-pbs';
import { Providers } from './providers';
import { EARLY_TAPS_ATTRIBUTE } from './page-boot';
import { renderPublicPage, renderPublicPageWithoutScript } from './render-public-page';
import { stubReducedMotion } from '@/test/reduced-motion';

let root: Root | undefined;
let container: HTMLElement;
let play: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
  container = document.createElement('div');
  container.id = 'root';
  document.body.append(container);
});
afterEach(() => {
  act(() => {
    root?.unmount();
  });
  root = undefined;
  container.remove();
  document.getElementById(INLINE_PROFILE_ELEMENT_ID)?.remove();
});

/**
 * Does what a visitor's browser does with the served page: the server's markup in #root, the
 * props inline, and public.tsx hydrating them. Returns every error React reported.
 */
function serveAndHydrate(page: InlineProfilePage) {
  container.innerHTML = renderPublicPage(page);
  // A browser's parser starts a <video muted> muted; jsdom leaves the property false.
  for (const video of container.querySelectorAll('video')) video.muted = video.defaultMuted;
  inlineElement(JSON.stringify(page));
  const errors: unknown[] = [];
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
  const inline = readInlinePage();
  if (!inline) throw new Error('no inline page');
  act(() => {
    root = hydrateRoot(
      container,
      <Providers>
        <PublicProfileView profile={inline.profile} pbId={inline.pbId} />
      </Providers>,
      {
        onRecoverableError: (error) => errors.push(error),
        onCaughtError: (error) => errors.push(error),
      },
    );
  });
  consoleError.mockRestore();
  return errors;
}

describe('the server-rendered public page', () => {
  it("holds the first slide's avatar, name, media, title, value and story before any script", () => {
    const profile = {
      ...sampleProfile,
      pbs: sampleProfile.pbs.map((pb, i) => (i === 0 ? { ...pb, story: 'Felt light.' } : pb)),
    };
    container.innerHTML = renderPublicPage({ username: 'ada', profile });

    const slide = within(container).getByTestId('story-slide');
    expect(within(container).getByTestId('story-owner')).toHaveTextContent('Ada');
    expect(slide).toHaveTextContent('Exercise 1');
    expect(slide).toHaveTextContent('101 lbs');
    expect(slide).toHaveTextContent('Felt light.');
    expect(within(slide).getByRole('img', { name: 'Exercise 1, 101 lbs' })).toHaveAttribute(
      'src',
      '/media/pbs/pb-1/full.webp',
    );
    expect(within(container).getByRole('dialog', { hidden: true })).toBeInTheDocument();
  });

  it('draws every progress segment empty: none has played yet', () => {
    container.innerHTML = renderPublicPage({ username: 'ada', profile: sampleProfile });
    const fills = Array.from(
      container.querySelectorAll<HTMLElement>('[data-progress-fill]'),
      (fill) => fill.style.transform,
    );
    expect(fills).toEqual(['scaleX(0)', 'scaleX(0)']);
  });

  it('marks the story as the place where taps before the script are kept', () => {
    container.innerHTML = renderPublicPage({ username: 'ada', profile: sampleProfile });
    expect(within(container).getByRole('dialog', { hidden: true })).toHaveAttribute(
      EARLY_TAPS_ATTRIBUTE,
    );
  });

  it('opens at the linked PB of /{username}/{pbId}', () => {
    container.innerHTML = renderPublicPage({
      username: 'ada',
      profile: sampleProfile,
      pbId: 'pb-2',
    });
    expect(within(container).getByTestId('story-slide')).toHaveTextContent('Exercise 2');
  });

  it('says Profile Not Found for nobody', () => {
    container.innerHTML = renderPublicPage({ username: 'nobody', profile: null });
    expect(within(container).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Profile Not Found',
    );
  });

  it('hydrates without a mismatch or any error, and then plays as the app does', async () => {
    const errors = serveAndHydrate({ username: 'ada', profile: sampleProfile });
    expect(errors).toEqual([]);

    const user = userEvent.setup();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByTestId('story-slide')).toHaveTextContent('Exercise 2');
    await user.keyboard('{ArrowRight}');
    expect(
      screen.getByRole('heading', { name: 'Behind every PB is a story worth telling.' }),
    ).toBeVisible();
  });

  it('hydrates a per-PB link and Profile Not Found without errors', () => {
    expect(serveAndHydrate({ username: 'ada', profile: sampleProfile, pbId: 'pb-2' })).toEqual([]);
    expect(screen.getByTestId('story-slide')).toHaveTextContent('Exercise 2');
    act(() => {
      root?.unmount();
    });
    root = undefined;
    document.getElementById(INLINE_PROFILE_ELEMENT_ID)?.remove();
    expect(serveAndHydrate({ username: 'nobody', profile: null })).toEqual([]);
  });

  it("shows a slide's New PB badge only once hydrated, by the reader's clock", () => {
    const newPbUntil = new Date(Date.now() + 86_400_000).toISOString();
    const profile = {
      ...sampleProfile,
      pbs: sampleProfile.pbs.map((pb, i) => (i === 0 ? { ...pb, newPbUntil } : pb)),
    };
    // The server's clock is not the reader's: its HTML leaves the badge out.
    expect(renderPublicPage({ username: 'ada', profile })).not.toContain('New PB');
    expect(serveAndHydrate({ username: 'ada', profile })).toEqual([]);
    expect(within(screen.getByTestId('story-slide')).getByTestId('story-new-pb')).toHaveTextContent(
      'New PB',
    );
  });

  it('leaves video bytes until the script has run: the served video preloads nothing', () => {
    const profile = { ...sampleProfile, pbs: [testVideoPb(1), testVideoPb(2)] };
    const html = renderPublicPage({ username: 'ada', profile });
    const markup = document.createElement('div');
    markup.innerHTML = html;
    const videos = markup.querySelectorAll('video');
    // The slide's own video only (no preloader of the next one), fetching nothing yet.
    expect(videos).toHaveLength(1);
    expect(videos[0]?.getAttribute('preload')).toBe('none');

    expect(serveAndHydrate({ username: 'ada', profile })).toEqual([]);
    const [current, next] = container.querySelectorAll('video');
    expect(current?.getAttribute('preload')).toBe('auto');
    // Once hydrated, the next slide's video, and only it, loads ahead.
    expect(next?.getAttribute('preload')).toBe('auto');
    expect(container.querySelectorAll('video')).toHaveLength(2);
  });

  it('with reduced motion, hydrates to Play without ever starting the video', () => {
    stubReducedMotion();
    const profile = { ...sampleProfile, pbs: [testVideoPb(1)] };
    expect(serveAndHydrate({ username: 'ada', profile })).toEqual([]);
    expect(screen.getByRole('button', { name: 'Play' })).toBeVisible();
    expect(play).not.toHaveBeenCalled();
  });
});

describe('the public page without script', () => {
  function withoutScript(profile: PublicProfile) {
    const markup = document.createElement('div');
    markup.innerHTML = renderPublicPageWithoutScript({ username: 'ada', profile });
    return markup;
  }

  it('lists every visible PB with its media, title, value, counts, date and whole story', () => {
    const [first] = sampleProfile.pbs;
    if (!first) throw new Error('the sample has no PB');
    const profile: PublicProfile = {
      ...sampleProfile,
      pbs: [
        { ...first, sets: 3, reps: 5, story: 'Felt light.\nNext: 110.' },
        { ...testVideoPb(2), story: '' },
      ],
    };
    const page = withoutScript(profile);
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent('Ada');
    expect(page).toHaveTextContent('Lifts things.');
    expect(page).toHaveTextContent('2 personal bests');

    const items = within(page).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [photo, video] = items as [HTMLElement, HTMLElement];
    expect(within(photo).getByRole('heading', { level: 2 })).toHaveTextContent('Exercise 1');
    expect(photo).toHaveTextContent('101 lbs');
    expect(photo).toHaveTextContent('3 sets × 5 reps');
    expect(photo).toHaveTextContent('Felt light. Next: 110.');
    expect(within(photo).getByRole('img', { name: 'Exercise 1, 101 lbs' })).toHaveAttribute(
      'src',
      '/media/pbs/pb-1/full.webp',
    );
    expect(photo.querySelector('time')).toHaveAttribute('datetime', profile.pbs[0]?.achievedOn);

    // A video plays with the browser's own controls, and fetches nothing until asked.
    const clip = video.querySelector('video');
    expect(clip).toHaveAttribute('controls');
    expect(clip).toHaveAttribute('preload', 'none');
    expect(clip).toHaveAttribute('src', testVideoPb(2).media.fullUrl);
  });

  it('has links, and no control that would need a script', () => {
    const page = withoutScript(sampleProfile);
    expect(page.querySelectorAll('button')).toHaveLength(0);
    expect(within(page).getByRole('link', { name: 'Start sharing yours' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(within(page).getByRole('link', { name: 'PBShare' })).toHaveAttribute('href', '/');
  });

  it('says when nothing is shared, and is empty for nobody', () => {
    expect(withoutScript({ ...sampleProfile, pbs: [] })).toHaveTextContent(
      "Ada hasn't shared any PBs yet.",
    );
    expect(renderPublicPageWithoutScript({ username: 'nobody', profile: null })).toBe('');
  });
});
