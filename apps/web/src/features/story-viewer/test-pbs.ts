import type { PersonalBest } from '@pbshare/shared';

/** A PB as GET /v1/pbs answers it, for tests; `n` makes ids, titles and media unique. */
export function testPb(n: number, overrides: Partial<PersonalBest> = {}): PersonalBest {
  const id = `pb-${n}`;
  return {
    id,
    exerciseId: `ex-${n}`,
    title: `Exercise ${n}`,
    category: 'Weight Training',
    value: `${100 + n} lbs`,
    displayValue: `${100 + n} lbs`,
    amount: 100 + n,
    unit: 'lbs',
    date: 'March 4, 2026',
    achievedOn: '2026-03-04',
    sets: null,
    reps: null,
    story: '',
    image: `/media/pbs/${id}/full.webp`,
    mediaType: 'image',
    media: {
      type: 'image',
      url: `/media/pbs/${id}/full.webp`,
      cardUrl: `/media/pbs/${id}/card.webp`,
      fullUrl: `/media/pbs/${id}/full.webp`,
      posterUrl: null,
      width: 1080,
      height: 1350,
    },
    createdAt: '2026-03-04T10:00:00.000Z',
    isVisible: true,
    order: n,
    personalBestHistory: [],
    ...overrides,
  };
}

/** The same PB with a video instead of a photo. */
export function testVideoPb(n: number, overrides: Partial<PersonalBest> = {}): PersonalBest {
  const id = `pb-${n}`;
  return testPb(n, {
    mediaType: 'video',
    image: `/media/pbs/${id}/video.webm`,
    media: {
      type: 'video',
      url: `/media/pbs/${id}/video.webm`,
      cardUrl: null,
      fullUrl: `/media/pbs/${id}/video.webm`,
      posterUrl: null,
      width: null,
      height: null,
    },
    ...overrides,
  });
}
