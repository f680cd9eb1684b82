import type { PbMedia } from '@pbshare/shared';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { PbMediaView } from './pb-media';

/** A video as the server answers while its rendition is made: every URL is the poster. */
const processing: PbMedia = {
  type: 'video',
  status: 'processing',
  url: '/media/pbs/u1/r1/poster.webp',
  cardUrl: '/media/pbs/u1/r1/card.webp',
  fullUrl: '/media/pbs/u1/r1/poster.webp',
  posterUrl: '/media/pbs/u1/r1/poster.webp',
  width: 1280,
  height: 720,
  durationSeconds: 12,
};

const failed: PbMedia = { ...processing, status: 'failed' };

const ready: PbMedia = {
  ...processing,
  status: 'ready',
  url: '/media/pbs/u1/r1/r-0123456789abcdef/video.mp4',
  fullUrl: '/media/pbs/u1/r1/r-0123456789abcdef/video.mp4',
};

beforeEach(() => {
  // jsdom implements neither: the card pauses a collapsed video and plays an expanded one.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
});

describe('a video on a PB card', () => {
  it.each([false, true])(
    'while processing shows its poster and says so, with no video (expanded: %s)',
    (expanded) => {
      const { container } = render(
        <PbMediaView media={processing} title="5K Run" expanded={expanded} />,
      );
      expect(screen.getByRole('img', { name: '5K Run personal best' })).toHaveAttribute(
        'src',
        processing.cardUrl,
      );
      expect(screen.getByRole('status')).toHaveTextContent('Processing video…');
      expect(container.querySelector('video')).toBeNull();
    },
  );

  it('that failed to process says so over its poster, with no video', () => {
    const { container } = render(<PbMediaView media={failed} title="5K Run" />);
    expect(screen.getByRole('status')).toHaveTextContent(
      "We couldn't process this video. Try another file.",
    );
    expect(screen.queryByText('Processing video…')).toBeNull();
    expect(screen.getByRole('img', { name: '5K Run personal best' })).toBeInTheDocument();
    expect(container.querySelector('video')).toBeNull();
  });

  it('that failed links to the form that replaces it; one processing does not', () => {
    const { rerender } = render(
      <PbMediaView media={failed} title="5K Run" replaceHref="/edit-pb/rec-1" />,
      { wrapper: MemoryRouter },
    );
    expect(screen.getByRole('link', { name: 'Replace video' })).toHaveAttribute(
      'href',
      '/edit-pb/rec-1',
    );
    rerender(<PbMediaView media={processing} title="5K Run" replaceHref="/edit-pb/rec-1" />);
    expect(screen.queryByRole('link', { name: 'Replace video' })).toBeNull();
  });

  it('once ready is the rendition, with its poster and no status', () => {
    const { container } = render(<PbMediaView media={ready} title="5K Run" />);
    const video = container.querySelector('video');
    expect(video).toHaveAttribute('src', ready.fullUrl);
    expect(video).toHaveAttribute('poster', ready.posterUrl);
    expect(video).toHaveAccessibleName('5K Run personal best video');
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('a collapsed video card tells a video from a photo', () => {
  it('with a play mark and its length, read out in words', () => {
    const { container } = render(<PbMediaView media={ready} title="5K Run" />);
    expect(screen.getByTestId('video-play-mark').closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getByText('0:12')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('Video, 12 seconds')).toHaveClass('sr-only');
    expect(container.querySelector('video')).toBeInTheDocument();
  });

  it('with the play mark alone when the length is unknown', () => {
    render(<PbMediaView media={{ ...ready, durationSeconds: null }} title="5K Run" />);
    expect(screen.getByTestId('video-play-mark')).toBeInTheDocument();
    expect(screen.queryByText(/^\d+:\d\d$/)).toBeNull();
    expect(screen.queryByText(/^Video, /)).toBeNull();
  });

  it('with its length but no play mark while it cannot play yet', () => {
    render(<PbMediaView media={{ ...processing, durationSeconds: 65.4 }} title="5K Run" />);
    expect(screen.getByText('1:05')).toBeInTheDocument();
    expect(screen.getByText('Video, 1 minute 5 seconds')).toBeInTheDocument();
    expect(screen.queryByTestId('video-play-mark')).toBeNull();
  });

  it('and leaves both to the player once open', () => {
    render(<PbMediaView media={ready} title="5K Run" expanded />);
    expect(screen.queryByTestId('video-play-mark')).toBeNull();
    expect(screen.queryByText('0:12')).toBeNull();
  });

  it('while a photo gets neither', () => {
    const photo: PbMedia = {
      ...ready,
      type: 'image',
      url: '/media/pbs/u1/r2/full.webp',
      fullUrl: '/media/pbs/u1/r2/full.webp',
      cardUrl: '/media/pbs/u1/r2/card.webp',
      posterUrl: null,
      durationSeconds: null,
    };
    render(<PbMediaView media={photo} title="Deadlift" />);
    expect(screen.queryByTestId('video-play-mark')).toBeNull();
    expect(screen.queryByText(/^Video, /)).toBeNull();
  });
});
