import type { PbMedia } from '@pbshare/shared';
import { describe, expect, it } from 'vitest';

import { thumbnailUrl } from './thumbnail-url';

const photo: PbMedia = {
  type: 'image',
  status: 'ready',
  url: '/media/p/full.webp',
  cardUrl: '/media/p/card.webp',
  fullUrl: '/media/p/full.webp',
  posterUrl: null,
  width: 1080,
  height: 1440,
  durationSeconds: null,
};

describe('thumbnailUrl', () => {
  it("uses a photo's card rendition, else the photo itself", () => {
    expect(thumbnailUrl(photo)).toBe('/media/p/card.webp');
    expect(thumbnailUrl({ ...photo, cardUrl: null })).toBe('/media/p/full.webp');
  });

  it("uses a video's poster, and nothing without one", () => {
    const video: PbMedia = {
      ...photo,
      type: 'video',
      fullUrl: '/media/v/clip.mp4',
      posterUrl: '/media/v/poster.webp',
      cardUrl: null,
    };
    expect(thumbnailUrl(video)).toBe('/media/v/poster.webp');
    expect(thumbnailUrl({ ...video, posterUrl: null })).toBeNull();
  });

  it('is null without media', () => {
    expect(thumbnailUrl(null)).toBeNull();
    expect(thumbnailUrl({ ...photo, fullUrl: '' })).toBeNull();
  });
});
