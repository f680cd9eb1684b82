import { describe, expect, it } from 'vitest';
import type { PbMedia } from './pbs.js';
import { STORY_MEDIA_SIZES, storyBackdropUrl, storyImageSrcSet } from './public-page.js';

const image: PbMedia = {
  type: 'image',
  status: 'ready',
  url: '/media/pbs/a/full.webp',
  cardUrl: '/media/pbs/a/card.webp',
  fullUrl: '/media/pbs/a/full.webp',
  posterUrl: null,
  width: 1080,
  height: 1350,
  durationSeconds: null,
};
const video: PbMedia = {
  type: 'video',
  status: 'ready',
  url: '/media/pbs/b/video.mp4',
  cardUrl: null,
  fullUrl: '/media/pbs/b/video.mp4',
  posterUrl: '/media/pbs/b/poster.webp',
  width: 720,
  height: 1280,
  durationSeconds: 12,
};

describe('story media', () => {
  it('offers the card rendition as the small candidate of an image', () => {
    expect(storyImageSrcSet(image)).toBe(
      '/media/pbs/a/card.webp 480w, /media/pbs/a/full.webp 1080w',
    );
  });

  it('offers no set when the image is no wider than its card, or has no card', () => {
    expect(storyImageSrcSet({ ...image, width: 400 })).toBeUndefined();
    expect(storyImageSrcSet({ ...image, cardUrl: null })).toBeUndefined();
    expect(storyImageSrcSet({ ...image, cardUrl: image.fullUrl })).toBeUndefined();
  });

  it('blurs the card behind an image and the poster behind a video', () => {
    expect(storyBackdropUrl(image)).toBe('/media/pbs/a/card.webp');
    expect(storyBackdropUrl({ ...image, cardUrl: null })).toBe('/media/pbs/a/full.webp');
    expect(storyBackdropUrl(video)).toBe('/media/pbs/b/poster.webp');
    expect(storyBackdropUrl({ ...video, posterUrl: null })).toBeNull();
  });

  it('sizes media to the phone frame on desktop and the screen on phones', () => {
    expect(STORY_MEDIA_SIZES).toBe('(min-width: 768px) 390px, 100vw');
  });
});
