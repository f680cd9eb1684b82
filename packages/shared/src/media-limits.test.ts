import { describe, expect, it } from 'vitest';
import { isVideoTooLong, MEDIA_MESSAGES } from './media-limits.js';

describe('isVideoTooLong', () => {
  it('lets a clip that measures a hair over 30 s through, and nothing longer', () => {
    expect(isVideoTooLong(30)).toBe(false);
    expect(isVideoTooLong(30.04)).toBe(false);
    expect(isVideoTooLong(30.06)).toBe(true);
    expect(isVideoTooLong(31)).toBe(true);
  });
});

describe('MEDIA_MESSAGES', () => {
  it('spell the limits and formats from the constants', () => {
    expect(MEDIA_MESSAGES.imageTooLarge).toBe('Images can be at most 20 MB.');
    expect(MEDIA_MESSAGES.videoTooLarge).toBe('Videos can be at most 300 MB.');
    expect(MEDIA_MESSAGES.videoTooLong).toBe('Video must be 30 seconds or less.');
    expect(MEDIA_MESSAGES.imageTooManyPixels).toBe('Images can be at most 40 megapixels.');
    expect(MEDIA_MESSAGES.notImage).toBe('Please choose a JPEG, PNG, WebP, GIF or AVIF image.');
    expect(MEDIA_MESSAGES.mediaHint).toBe(
      'Photo: JPEG, PNG, WebP, GIF or AVIF up to 20 MB. Video: MP4, MOV or WebM up to 300 MB and 30 seconds.',
    );
  });
});
