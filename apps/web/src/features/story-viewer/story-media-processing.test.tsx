import type { PbMedia } from '@pbshare/shared';
import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { StoryMedia, StoryMediaPreload } from './story-media';

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

const ready: PbMedia = {
  ...processing,
  status: 'ready',
  url: '/media/pbs/u1/r1/r-0123456789abcdef/video.mp4',
  fullUrl: '/media/pbs/u1/r1/r-0123456789abcdef/video.mp4',
};

function renderMedia(media: PbMedia) {
  return render(
    <StoryMedia
      media={media}
      label="5K Run, 22:48"
      muted
      onAutoplayBlocked={vi.fn()}
      failed={false}
      onFail={vi.fn()}
      playing
      onReady={vi.fn()}
      onEnded={vi.fn()}
      videoRef={createRef<HTMLVideoElement>()}
    />,
  );
}

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
});

describe("the owner's preview of a video that is not ready", () => {
  it('shows the poster as a still with the processing status, and no video', () => {
    const { container } = renderMedia(processing);
    expect(screen.getByRole('img', { name: '5K Run, 22:48' })).toHaveAttribute(
      'src',
      processing.posterUrl,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Processing video…');
    expect(container.querySelector('video')).toBeNull();
  });

  it('says when processing failed', () => {
    const { container } = renderMedia({ ...processing, status: 'failed' });
    expect(screen.getByRole('status')).toHaveTextContent(
      "We couldn't process this video. Try another file.",
    );
    expect(container.querySelector('video')).toBeNull();
  });

  it('preloads the poster, not a video', () => {
    const { container } = render(<StoryMediaPreload media={processing} />);
    expect(container.querySelector('video')).toBeNull();
    expect(container.querySelector('img')).toHaveAttribute('src', processing.posterUrl);
  });
});

describe('a ready video in the story', () => {
  it('plays the rendition, with no status', () => {
    const { container } = renderMedia(ready);
    expect(container.querySelector('video')).toHaveAttribute('src', ready.fullUrl);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
