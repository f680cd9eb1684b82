import type { MediaStatus, PersonalBest } from '@pbshare/shared';
import { describe, expect, it } from 'vitest';

import { historyRecord, pbWith, samplePb } from '@/test/fixtures/personal-bests';
import { hasProcessingVideo } from './get-personal-bests';

function videoMedia(status: MediaStatus): PersonalBest['media'] {
  return {
    type: 'video',
    status,
    url: '/media/v/poster.webp',
    cardUrl: '/media/v/card.webp',
    fullUrl: '/media/v/poster.webp',
    posterUrl: '/media/v/poster.webp',
    width: 1280,
    height: 720,
    durationSeconds: 12,
  };
}

describe('hasProcessingVideo', () => {
  it('is false with no list yet, an empty one, or only ready media', () => {
    expect(hasProcessingVideo(undefined)).toBe(false);
    expect(hasProcessingVideo([])).toBe(false);
    expect(
      hasProcessingVideo([
        samplePb,
        pbWith({ id: 'rec-2', mediaType: 'video', media: videoMedia('ready') }),
      ]),
    ).toBe(false);
  });

  it('is true while a current record is processing', () => {
    expect(
      hasProcessingVideo([
        samplePb,
        pbWith({ id: 'rec-2', mediaType: 'video', media: videoMedia('processing') }),
      ]),
    ).toBe(true);
  });

  it('is true while only an older record of an exercise is processing', () => {
    expect(
      hasProcessingVideo([
        pbWith({
          personalBestHistory: [
            historyRecord(),
            historyRecord({ id: 'rec-older', mediaType: 'video', media: videoMedia('processing') }),
          ],
        }),
      ]),
    ).toBe(true);
  });

  it('is false for a video that failed: it will not change by itself', () => {
    expect(
      hasProcessingVideo([
        pbWith({
          mediaType: 'video',
          media: videoMedia('failed'),
          personalBestHistory: [historyRecord({ media: videoMedia('failed') })],
        }),
      ]),
    ).toBe(false);
  });
});
