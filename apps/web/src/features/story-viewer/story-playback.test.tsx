import { STORY_PHOTO_MS } from '@pbshare/shared';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';

import { StoryViewerHarness } from './story-viewer-harness';
import { HOLD_MS } from './use-press-and-hold';
import { testPb, testVideoPb } from '@/test/fixtures/story-pbs';
import { stubReducedMotion } from '@/test/reduced-motion';

const LONG = 'x'.repeat(151);

/** Moves the story's clock (animation frames and performance.now together). */
function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function slideTitle() {
  return within(screen.getByTestId('story-slide')).getByRole('heading', { level: 2 }).textContent;
}

/** The slide's photo arrives: its time starts. */
function loadPhoto() {
  fireEvent.load(within(screen.getByTestId('story-slide')).getByRole('img'));
}

/** How full the current progress segment is, 0..1. */
function progress(): number {
  const fill = document.querySelector<HTMLElement>('[aria-current="step"] [data-progress-fill]');
  const match = /scaleX\(([\d.]+)\)/.exec(fill?.style.transform ?? '');
  return match ? Number(match[1]) : Number.NaN;
}

function fills(): string[] {
  return Array.from(
    document.querySelectorAll<HTMLElement>('[data-progress-fill]'),
    (fill) => fill.style.transform,
  );
}

function press(target: Element) {
  fireEvent.pointerDown(target, { isPrimary: true, button: 0, pointerType: 'touch' });
}

function release(target: Element) {
  fireEvent.pointerUp(target, { isPrimary: true, button: 0, pointerType: 'touch' });
  fireEvent.click(target);
}

let play: MockInstance<HTMLMediaElement['play']>;
let pause: MockInstance<HTMLMediaElement['pause']>;

beforeEach(() => {
  // The story's clock only: timers stay real, as Testing Library and jsdom's history need them.
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
  history.replaceState(null, '');
});

afterEach(async () => {
  vi.useRealTimers();
  // Unmounted here, so the viewer's step back off its history entry lands before the next test.
  cleanup();
  await settleHistory();
});

/** Lets jsdom finish a history traversal (it runs on a timer). */
async function settleHistory() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

const photos = [testPb(1), testPb(2), testPb(3)];

describe('story playback', () => {
  it('moves a photo on after 5 s, filling its segment as time passes', () => {
    render(<StoryViewerHarness pbs={photos} />);
    loadPhoto();
    expect(progress()).toBe(0);

    advance(STORY_PHOTO_MS / 2);
    expect(progress()).toBeGreaterThan(0.45);
    expect(progress()).toBeLessThan(0.55);
    expect(slideTitle()).toBe('Exercise 1');

    advance(STORY_PHOTO_MS / 2 + 50);
    expect(slideTitle()).toBe('Exercise 2');
    // Past segments are full, the current one starts empty, future ones are empty.
    expect(fills()).toEqual(['scaleX(1)', 'scaleX(0.0000)', 'scaleX(0)']);
  });

  it("starts a photo's time once it has loaded", () => {
    render(<StoryViewerHarness pbs={photos} />);
    advance(STORY_PHOTO_MS * 2);
    expect(slideTitle()).toBe('Exercise 1');
    expect(progress()).toBe(0);

    loadPhoto();
    advance(STORY_PHOTO_MS + 50);
    expect(slideTitle()).toBe('Exercise 2');
  });

  it('plays a video once and moves on when it ends', () => {
    render(<StoryViewerHarness pbs={[testVideoPb(1), testPb(2)]} />);
    const video = screen.getByLabelText<HTMLVideoElement>('Exercise 1, 101 lbs');
    expect(video.loop).toBe(false);
    expect(play).toHaveBeenCalled();

    Object.defineProperty(video, 'duration', { value: 10, configurable: true });
    Object.defineProperty(video, 'currentTime', { value: 4, configurable: true });
    advance(50);
    expect(progress()).toBeCloseTo(0.4);
    // Its own length counts, not the photos' 5 s.
    advance(STORY_PHOTO_MS * 2);
    expect(slideTitle()).toBe('Exercise 1');

    fireEvent.ended(video);
    expect(slideTitle()).toBe('Exercise 2');
  });

  it('pauses while the slide is held and resumes on release; a hold is not a tap', () => {
    render(<StoryViewerHarness pbs={photos} />);
    loadPhoto();
    advance(2000);
    const zone = screen.getByTestId('story-tap-next');

    press(zone);
    const held = progress();
    advance(STORY_PHOTO_MS * 2);
    expect(progress()).toBe(held);
    expect(screen.getByTestId('story-frame')).toHaveAttribute('data-playing', 'false');
    release(zone);
    // The long press was a hold: its release did not also move on.
    expect(slideTitle()).toBe('Exercise 1');
    expect(screen.getByTestId('story-frame')).toHaveAttribute('data-playing', 'true');

    advance(STORY_PHOTO_MS - 2000 + 50);
    expect(slideTitle()).toBe('Exercise 2');

    // A short press is still a tap.
    loadPhoto();
    const nextZone = screen.getByTestId('story-tap-next');
    press(nextZone);
    advance(HOLD_MS - 150);
    release(nextZone);
    expect(slideTitle()).toBe('Exercise 3');
  });

  it('pauses a video while held', () => {
    render(<StoryViewerHarness pbs={[testVideoPb(1), testPb(2)]} />);
    const zone = screen.getByTestId('story-tap-previous');
    pause.mockClear();
    press(zone);
    expect(pause).toHaveBeenCalled();
    play.mockClear();
    release(zone);
    expect(play).toHaveBeenCalled();
  });

  it('pauses while the page is hidden', () => {
    render(<StoryViewerHarness pbs={photos} />);
    loadPhoto();
    const setVisibility = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
    };
    try {
      setVisibility('hidden');
      advance(STORY_PHOTO_MS * 3);
      expect(slideTitle()).toBe('Exercise 1');
      expect(progress()).toBe(0);

      setVisibility('visible');
      advance(STORY_PHOTO_MS + 50);
      expect(slideTitle()).toBe('Exercise 2');
    } finally {
      // Back to jsdom's own getter.
      Reflect.deleteProperty(document, 'visibilityState');
    }
  });

  it('pauses and plays with Space and with the control', async () => {
    const user = userEvent.setup({ delay: null });
    render(<StoryViewerHarness pbs={photos} />);
    loadPhoto();
    advance(1000);

    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Play' })).toBeVisible();
    advance(STORY_PHOTO_MS * 2);
    expect(slideTitle()).toBe('Exercise 1');

    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Pause' })).toBeVisible();
    advance(STORY_PHOTO_MS - 1000 + 50);
    expect(slideTitle()).toBe('Exercise 2');

    // The control does the same, and keeps focus as it flips.
    loadPhoto();
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    const control = screen.getByRole('button', { name: 'Play' });
    expect(control).toHaveFocus();
    advance(STORY_PHOTO_MS * 2);
    expect(slideTitle()).toBe('Exercise 2');
    // Space on a focused button presses that button: here the same control.
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Pause' })).toHaveFocus();
    advance(STORY_PHOTO_MS + 50);
    expect(slideTitle()).toBe('Exercise 3');
  });

  it('with reduced motion, starts paused with a Play control and never moves on by itself', async () => {
    const user = userEvent.setup({ delay: null });
    stubReducedMotion();
    render(<StoryViewerHarness pbs={[testVideoPb(1), testPb(2)]} />);
    expect(screen.getByRole('button', { name: 'Play' })).toBeVisible();
    expect(play).not.toHaveBeenCalled();
    advance(60_000);
    expect(slideTitle()).toBe('Exercise 1');

    // Moving by hand keeps it paused.
    await user.keyboard('{ArrowRight}');
    loadPhoto();
    advance(60_000);
    expect(slideTitle()).toBe('Exercise 2');
    expect(screen.getByRole('button', { name: 'Play' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Play' }));
    advance(STORY_PHOTO_MS + 50);
    // The preview wraps.
    expect(slideTitle()).toBe('Exercise 1');
    expect(play).toHaveBeenCalled();
  });

  it('holds the clock while the whole story is open', async () => {
    const user = userEvent.setup({ delay: null });
    render(<StoryViewerHarness pbs={[testPb(1, { story: LONG }), testPb(2)]} />);
    loadPhoto();
    await user.click(screen.getByRole('button', { name: 'Tap to read more' }));
    advance(STORY_PHOTO_MS * 3);
    expect(slideTitle()).toBe('Exercise 1');
    // Not a pause the visitor asked for: the control still offers Pause.
    expect(screen.getByRole('button', { name: 'Pause' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Show less' }));
    advance(STORY_PHOTO_MS + 50);
    expect(slideTitle()).toBe('Exercise 2');
  });

  it('keeps the keys working after "Tap to read more", by tap or by keyboard', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <StoryViewerHarness
        pbs={[testPb(1, { story: LONG }), testPb(2, { story: LONG }), testPb(3, { story: LONG })]}
      />,
    );
    const frame = screen.getByTestId('story-frame');

    // A tap on the hint: focus goes back to the frame.
    await user.click(screen.getByRole('button', { name: 'Tap to read more' }));
    expect(screen.getByTestId('story-text')).toHaveAttribute('data-expanded', 'true');
    expect(frame).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(slideTitle()).toBe('Exercise 2');
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Play' })).toBeVisible();
    await user.keyboard(' ');

    // The keyboard on the hint: focus stays on it; the next move takes it away, and focus
    // lands on the frame rather than outside the viewer.
    const hint = screen.getByRole('button', { name: 'Tap to read more' });
    hint.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(slideTitle()).toBe('Exercise 3');
    expect(frame).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(slideTitle()).toBe('Exercise 2');
  });

  it('wraps after the last slide in the preview, starting a single video over', () => {
    render(<StoryViewerHarness pbs={[testVideoPb(1)]} />);
    const first = screen.getByLabelText('Exercise 1, 101 lbs');
    fireEvent.ended(first);
    const again = screen.getByLabelText('Exercise 1, 101 lbs');
    expect(again).not.toBe(first);
  });

  it('finishes after the last slide when told to, by itself or by a move', async () => {
    const user = userEvent.setup({ delay: null });
    const onFinish = vi.fn();
    render(<StoryViewerHarness pbs={[testPb(1), testPb(2)]} onFinish={onFinish} />);
    // The first slide has no way back: previous starts it again.
    await user.click(screen.getByTestId('story-tap-previous'));
    expect(slideTitle()).toBe('Exercise 1');

    await user.keyboard('{ArrowRight}');
    expect(slideTitle()).toBe('Exercise 2');
    // Nothing is preloaded after the last slide.
    expect(document.querySelector('[hidden] img')).toBeNull();
    await user.keyboard('{ArrowRight}');
    expect(onFinish).toHaveBeenCalledTimes(1);

    loadPhoto();
    advance(STORY_PHOTO_MS + 50);
    expect(onFinish).toHaveBeenCalledTimes(2);
    expect(slideTitle()).toBe('Exercise 2');
  });
});

describe('the browser history', () => {
  const onViewerEntry = () =>
    typeof history.state === 'object' &&
    history.state !== null &&
    'pbshareStoryViewer' in history.state;

  it("Back closes the viewer; closing by other means steps back off the viewer's entry", async () => {
    const user = userEvent.setup({ delay: null });
    history.replaceState({ page: 'under' }, '');
    render(<StoryViewerHarness pbs={photos} />);
    expect(screen.getByRole('dialog')).toBeVisible();
    // An entry of its own, over the page's (whose state it keeps, for the router).
    expect(history.state).toEqual({ page: 'under', pbshareStoryViewer: true });
    const length = history.length;

    act(() => {
      history.back();
    });
    await settleHistory();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(history.state).toEqual({ page: 'under' });

    // Forward opens it again, on the same entry.
    act(() => {
      history.forward();
    });
    await settleHistory();
    expect(screen.getByRole('dialog')).toBeVisible();
    expect(onViewerEntry()).toBe(true);

    // The X closes it and takes the entry back off: Back from here leaves the page.
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await settleHistory();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(history.state).toEqual({ page: 'under' });

    // Opening again pushes a fresh entry in place of the old one; Escape takes it off.
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(onViewerEntry()).toBe(true);
    expect(history.length).toBe(length);
    await user.keyboard('{Escape}');
    await settleHistory();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(history.state).toEqual({ page: 'under' });
  });

  it('keeps its entry when opened again before its own step back lands', async () => {
    render(<StoryViewerHarness pbs={photos} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Opened again at once, before the step back's popstate arrives.
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await settleHistory();
    expect(screen.getByRole('dialog')).toBeVisible();
    expect(onViewerEntry()).toBe(true);
  });
});
