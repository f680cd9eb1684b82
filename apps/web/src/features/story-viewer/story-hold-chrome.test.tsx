import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { StoryViewerHarness } from './story-viewer-harness';
import { HOLD_MS } from './use-press-and-hold';
import { testPb } from '@/test/fixtures/story-pbs';

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
});
afterEach(() => {
  vi.useRealTimers();
});

/** The box whose `data-chrome` fades the header, progress, arrows and text. */
function chrome() {
  return screen.getByTestId('story-frame').parentElement?.getAttribute('data-chrome');
}

describe('holding a slide', () => {
  it('hides the chrome once the press is a hold, until the finger lifts', () => {
    render(<StoryViewerHarness pbs={[testPb(1), testPb(2)]} />);
    const zone = screen.getByTestId('story-tap-next');
    // Everything over the picture fades with it.
    for (const part of [
      screen.getByTestId('story-header'),
      screen.getByTestId('story-details'),
      screen.getByRole('button', { name: 'Next personal best' }),
    ]) {
      expect(part.className).toContain('group-data-[chrome=hidden]/story:opacity-0');
    }

    fireEvent.pointerDown(zone, { isPrimary: true, button: 0, pointerType: 'touch' });
    // A tap's first moments do not flash it away.
    act(() => {
      vi.advanceTimersByTime(HOLD_MS - 1);
    });
    expect(chrome()).toBe('shown');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(chrome()).toBe('hidden');

    fireEvent.pointerUp(zone, { isPrimary: true, button: 0, pointerType: 'touch' });
    expect(chrome()).toBe('shown');
  });

  it('leaves the chrome for a tap', () => {
    render(<StoryViewerHarness pbs={[testPb(1), testPb(2)]} />);
    const zone = screen.getByTestId('story-tap-next');
    fireEvent.pointerDown(zone, { isPrimary: true, button: 0, pointerType: 'touch' });
    act(() => {
      vi.advanceTimersByTime(100);
    });
    fireEvent.pointerUp(zone, { isPrimary: true, button: 0, pointerType: 'touch' });
    act(() => {
      vi.advanceTimersByTime(HOLD_MS * 2);
    });
    expect(chrome()).toBe('shown');
  });
});
