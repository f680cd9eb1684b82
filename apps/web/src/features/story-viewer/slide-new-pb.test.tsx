import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { StoryViewerHarness } from './story-viewer-harness';
import { testPb } from '@/test/fixtures/story-pbs';

const UNTIL = '2026-03-11T10:00:00.000Z';

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const slide = () => screen.getByTestId('story-slide');

describe("a slide's New PB badge", () => {
  it('shows while newPbUntil is ahead', () => {
    vi.setSystemTime(Date.parse(UNTIL) - 60_000);
    render(<StoryViewerHarness pbs={[testPb(1, { newPbUntil: UNTIL })]} />);
    expect(within(slide()).getByTestId('story-new-pb')).toHaveTextContent('New PB');
  });

  it('is gone once it has passed, and never there without one', () => {
    vi.setSystemTime(Date.parse(UNTIL));
    render(<StoryViewerHarness pbs={[testPb(1, { newPbUntil: UNTIL }), testPb(2)]} />);
    expect(within(slide()).queryByTestId('story-new-pb')).toBeNull();
    expect(within(slide()).queryByText('New PB')).toBeNull();
  });
});
