import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';

import { formatStoryDate, storyOwnerName } from './story-format';
import { StoryViewerHarness } from './story-viewer-harness';
import { SOUND_PREFERENCE_KEY } from './use-sound-preference';
import { storyReducer } from './use-story-navigation';
import { testPb, testVideoPb } from '@/test/fixtures/story-pbs';

const LONG = 'x'.repeat(151);

const three = [testPb(1), testPb(2), testPb(3)];

function slideTitle() {
  return within(screen.getByTestId('story-slide')).getByRole('heading', { level: 2 }).textContent;
}

let play: MockInstance<HTMLMediaElement['play']>;

beforeEach(() => {
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
});

describe('StoryViewer', () => {
  it('is a labelled dialog with one progress segment per PB, the owner and the first slide', () => {
    render(<StoryViewerHarness pbs={three} />);
    const dialog = screen.getByRole('dialog', { name: "ada's personal bests" });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(within(screen.getByTestId('story-progress')).getAllByRole('button')).toHaveLength(3);
    expect(screen.getByTestId('story-owner')).toHaveTextContent('ada');
    expect(slideTitle()).toBe('Exercise 1');
    expect(screen.getByRole('button', { name: /1 of 3/ })).toHaveAttribute('aria-current', 'step');
  });

  it('moves with the buttons; previous is hidden on the first slide and next wraps', async () => {
    const user = userEvent.setup();
    render(<StoryViewerHarness pbs={three} />);
    expect(screen.queryByRole('button', { name: 'Previous personal best' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Next personal best' }));
    expect(slideTitle()).toBe('Exercise 2');
    await user.click(screen.getByRole('button', { name: 'Previous personal best' }));
    expect(slideTitle()).toBe('Exercise 1');

    await user.click(screen.getByRole('button', { name: 'Next personal best' }));
    await user.click(screen.getByRole('button', { name: 'Next personal best' }));
    expect(slideTitle()).toBe('Exercise 3');
    await user.click(screen.getByRole('button', { name: 'Next personal best' }));
    expect(slideTitle()).toBe('Exercise 1');
  });

  it('moves with the tap zones, wrapping at both ends', async () => {
    const user = userEvent.setup();
    render(<StoryViewerHarness pbs={three} />);
    await user.click(screen.getByTestId('story-tap-previous'));
    expect(slideTitle()).toBe('Exercise 3');
    await user.click(screen.getByTestId('story-tap-next'));
    expect(slideTitle()).toBe('Exercise 1');
    await user.click(screen.getByTestId('story-tap-next'));
    expect(slideTitle()).toBe('Exercise 2');
  });

  it('moves with touch swipes: left for the next, right for the previous', () => {
    render(<StoryViewerHarness pbs={three} />);
    const frame = screen.getByTestId('story-frame');
    const swipe = (from: number, to: number, dy = 0) => {
      fireEvent.pointerDown(frame, { pointerType: 'touch', clientX: from, clientY: 300 });
      fireEvent.pointerUp(frame, { pointerType: 'touch', clientX: to, clientY: 300 + dy });
      // The finger lifts over a tap zone: that tap must not count as well.
      fireEvent.click(screen.getByTestId(to < from ? 'story-tap-previous' : 'story-tap-next'));
    };
    swipe(300, 100);
    expect(slideTitle()).toBe('Exercise 2');
    swipe(100, 300);
    expect(slideTitle()).toBe('Exercise 1');
    swipe(100, 300);
    expect(slideTitle()).toBe('Exercise 3');
    // Too short, or mostly vertical upwards: not a swipe, so the lifting tap counts.
    swipe(200, 170);
    expect(slideTitle()).toBe('Exercise 2');
    swipe(300, 200, -200);
    expect(slideTitle()).toBe('Exercise 1');
  });

  it('closes on a swipe down, as the close button does, and not on a short one', () => {
    const onClose = vi.fn();
    render(<StoryViewerHarness pbs={three} onClose={onClose} />);
    const frame = screen.getByTestId('story-frame');
    const pull = (dy: number) => {
      fireEvent.pointerDown(frame, { pointerType: 'touch', clientX: 200, clientY: 200 });
      fireEvent.pointerMove(frame, { pointerType: 'touch', clientX: 205, clientY: 200 + dy });
      fireEvent.pointerUp(frame, { pointerType: 'touch', clientX: 205, clientY: 200 + dy });
    };
    pull(60);
    // Let go too soon: the frame, which followed the finger, springs back and stays open.
    expect(frame.style.transform).toBe('');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.pointerDown(frame, { pointerType: 'touch', clientX: 200, clientY: 200 });
    fireEvent.pointerMove(frame, { pointerType: 'touch', clientX: 200, clientY: 300 });
    expect(frame.style.transform).toMatch(/^translateY\(100px\) scale\(0\.95\d*\)$/);
    fireEvent.pointerUp(frame, { pointerType: 'touch', clientX: 200, clientY: 300 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('does not close on a mouse drag: the mouse swipes nothing', () => {
    const onClose = vi.fn();
    render(<StoryViewerHarness pbs={three} onClose={onClose} />);
    const frame = screen.getByTestId('story-frame');
    fireEvent.pointerDown(frame, { pointerType: 'mouse', clientX: 200, clientY: 100 });
    fireEvent.pointerUp(frame, { pointerType: 'mouse', clientX: 200, clientY: 400 });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('moves with the arrow keys (wrapping) and closes on Escape', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<StoryViewerHarness pbs={three} onClose={onClose} />);
    await user.keyboard('{ArrowLeft}');
    expect(slideTitle()).toBe('Exercise 3');
    await user.keyboard('{ArrowRight}');
    expect(slideTitle()).toBe('Exercise 1');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(slideTitle()).toBe('Exercise 3');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('starts again at the first PB when opened again', async () => {
    const user = userEvent.setup();
    render(<StoryViewerHarness pbs={three} />);
    await user.keyboard('{ArrowRight}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    // Focus goes back to what opened it.
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
    });
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(slideTitle()).toBe('Exercise 1');
  });

  it('keeps focus inside while open', async () => {
    const user = userEvent.setup();
    render(<StoryViewerHarness pbs={three} />);
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 8; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('opens a long story on a tap on the content and closes it again on navigation', async () => {
    const user = userEvent.setup();
    render(<StoryViewerHarness pbs={[testPb(1, { story: LONG }), testPb(2, { story: LONG })]} />);
    const story = () => screen.getByTestId('story-text');
    expect(story()).toHaveAttribute('data-expanded', 'false');
    expect(story()).toHaveStyle({ maxHeight: '80px' });
    expect(screen.getByRole('button', { name: 'Tap to read more' })).toBeVisible();

    await user.click(screen.getByTestId('story-content'));
    expect(story()).toHaveAttribute('data-expanded', 'true');
    expect(story()).toHaveStyle({ maxHeight: '30vh' });
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    await user.keyboard('{ArrowRight}');
    expect(slideTitle()).toBe('Exercise 2');
    expect(story()).toHaveAttribute('data-expanded', 'false');

    // The hint is a button too, for keyboard users.
    await user.click(screen.getByRole('button', { name: 'Tap to read more' }));
    expect(story()).toHaveAttribute('data-expanded', 'true');
  });

  it('shows no hint for a story of at most 150 characters', () => {
    render(<StoryViewerHarness pbs={[testPb(1, { story: 'y'.repeat(150) })]} />);
    expect(screen.getByTestId('story-text')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Tap to read more' })).toBeNull();
  });

  it('shows the value, sets and reps badges and the date as MMMM DD, YYYY', () => {
    render(
      <StoryViewerHarness
        pbs={[testPb(1, { displayValue: '22:48', sets: 3, reps: 1, achievedOn: '2026-03-04' })]}
      />,
    );
    const slide = screen.getByTestId('story-slide');
    expect(within(slide).getByTestId('story-value')).toHaveTextContent('22:48');
    expect(within(slide).getByText('3 sets')).toBeVisible();
    expect(within(slide).getByText('1 rep')).toBeVisible();
    expect(within(slide).getByText('March 04, 2026')).toBeVisible();
    // A single PB needs no previous or next button.
    expect(screen.queryByRole('button', { name: 'Next personal best' })).toBeNull();
  });

  it('shows the full image with the card rendition as a smaller candidate', () => {
    render(<StoryViewerHarness pbs={[testPb(1)]} />);
    const img = screen.getByRole('img', { name: 'Exercise 1, 101 lbs' });
    expect(img).toHaveAttribute('src', '/media/pbs/pb-1/full.webp');
    expect(img).toHaveAttribute(
      'srcset',
      '/media/pbs/pb-1/card.webp 480w, /media/pbs/pb-1/full.webp 1080w',
    );
  });

  it("says 'No media' without media and shows a placeholder when media fails", async () => {
    const noMedia = testPb(1);
    noMedia.media = { ...noMedia.media, url: '', fullUrl: '', cardUrl: null };
    render(<StoryViewerHarness pbs={[noMedia, testPb(2)]} />);
    expect(screen.getByText('No media')).toBeVisible();

    await userEvent.setup().keyboard('{ArrowRight}');
    const img = screen.getByRole('img', { name: 'Exercise 2, 102 lbs' });
    act(() => {
      img.dispatchEvent(new Event('error'));
    });
    expect(screen.getByTestId('story-media-placeholder')).toBeVisible();
  });

  it('preloads the next slide', () => {
    render(<StoryViewerHarness pbs={three} />);
    const preloaded = document.querySelector('[hidden] img');
    expect(preloaded).toHaveAttribute('src', '/media/pbs/pb-2/full.webp');
  });

  describe('sound', () => {
    it('plays videos muted at first and remembers the sound toggle', async () => {
      const user = userEvent.setup();
      localStorage.setItem(SOUND_PREFERENCE_KEY, 'off');
      render(<StoryViewerHarness pbs={[testVideoPb(1), testVideoPb(2)]} />);
      const video = screen.getByLabelText<HTMLVideoElement>('Exercise 1, 101 lbs');
      expect(video.tagName).toBe('VIDEO');
      expect(video.muted).toBe(true);
      // A video plays once; its end moves the story on (see 'playback').
      expect(video.loop).toBe(false);
      expect(play).toHaveBeenCalled();

      const toggle = screen.getByRole('button', { name: 'Turn sound on' });
      expect(toggle).toHaveAttribute('aria-pressed', 'false');
      await user.click(toggle);
      expect(video.muted).toBe(false);
      expect(localStorage.getItem(SOUND_PREFERENCE_KEY)).toBe('on');

      // The flag is shared: the next video plays with sound too.
      await user.keyboard('{ArrowRight}');
      const next = screen.getByLabelText<HTMLVideoElement>('Exercise 2, 102 lbs');
      expect(next.muted).toBe(false);

      await user.click(screen.getByRole('button', { name: 'Turn sound off' }));
      expect(next.muted).toBe(true);
      expect(localStorage.getItem(SOUND_PREFERENCE_KEY)).toBe('off');
    });

    it('with the preference on (the default), turns sound on at the first gesture', async () => {
      const user = userEvent.setup();
      render(<StoryViewerHarness pbs={[testVideoPb(1), testVideoPb(2)]} />);
      const video = screen.getByLabelText<HTMLVideoElement>('Exercise 1, 101 lbs');
      expect(video.muted).toBe(true);
      await user.keyboard('{ArrowRight}');
      const next = screen.getByLabelText<HTMLVideoElement>('Exercise 2, 102 lbs');
      expect(next.muted).toBe(false);
      expect(screen.getByRole('button', { name: 'Turn sound off' })).toBeVisible();
    });

    it('falls back to muted when the browser refuses sound', async () => {
      const user = userEvent.setup();
      play.mockImplementation(function (this: HTMLMediaElement) {
        return this.muted
          ? Promise.resolve()
          : Promise.reject(new DOMException('No gesture', 'NotAllowedError'));
      });
      render(<StoryViewerHarness pbs={[testVideoPb(1), testVideoPb(2)]} />);
      await user.keyboard('{ArrowRight}');
      expect(await screen.findByRole('button', { name: 'Turn sound on' })).toBeVisible();
      expect(screen.getByLabelText<HTMLVideoElement>('Exercise 2, 102 lbs').muted).toBe(true);
    });

    it('has no sound button on a photo', () => {
      render(<StoryViewerHarness pbs={[testPb(1)]} />);
      expect(screen.queryByRole('button', { name: /Turn sound/ })).toBeNull();
    });
  });
});

describe('storyReducer', () => {
  it('wraps both ways and closes the story on every move', () => {
    const open = { index: 0, expanded: true, serial: 4 };
    expect(storyReducer(open, { type: 'previous', count: 3, wrap: true })).toEqual({
      index: 2,
      expanded: false,
      serial: 5,
    });
    expect(
      storyReducer({ index: 2, expanded: true, serial: 0 }, { type: 'next', count: 3, wrap: true }),
    ).toEqual({ index: 0, expanded: false, serial: 1 });
    expect(storyReducer(open, { type: 'go', index: 1 })).toEqual({
      index: 1,
      expanded: false,
      serial: 5,
    });
    expect(
      storyReducer({ index: 1, expanded: false, serial: 0 }, { type: 'toggle-story' }),
    ).toEqual({ index: 1, expanded: true, serial: 0 });
    expect(storyReducer(open, { type: 'next', count: 0, wrap: true })).toBe(open);
  });

  it('without wrapping, stops at the last slide and starts the first again', () => {
    const last = { index: 2, expanded: true, serial: 7 };
    expect(storyReducer(last, { type: 'next', count: 3, wrap: false })).toBe(last);
    // Previous on the first slide shows it again from the start: a new serial.
    expect(
      storyReducer(
        { index: 0, expanded: true, serial: 7 },
        { type: 'previous', count: 3, wrap: false },
      ),
    ).toEqual({ index: 0, expanded: false, serial: 8 });
    // A wrap onto the only slide is a new showing too.
    expect(
      storyReducer(
        { index: 0, expanded: false, serial: 1 },
        { type: 'next', count: 1, wrap: true },
      ),
    ).toEqual({ index: 0, expanded: false, serial: 2 });
  });
});

describe('story formats', () => {
  it('writes dates as MMMM DD, YYYY', () => {
    expect(formatStoryDate('2026-03-04', 'March 4, 2026')).toBe('March 04, 2026');
    expect(formatStoryDate('2025-12-25', '')).toBe('December 25, 2025');
    expect(formatStoryDate('soon', 'March 4, 2026')).toBe('March 4, 2026');
  });

  it('names the owner by display name, else e-mail, else user', () => {
    expect(storyOwnerName({ displayName: 'ada', email: 'x@y.z' })).toBe('ada');
    expect(storyOwnerName({ displayName: ' ', email: 'grace@example.com' })).toBe('grace');
    expect(storyOwnerName({ displayName: null, email: null })).toBe('user');
  });
});
