import type { PersonalBest, PbRecord } from '@pbshare/shared';

/** A PB as GET /v1/pbs returns it, for unit tests. */
export const samplePb: PersonalBest = {
  id: 'rec-1',
  exerciseId: 'ex-1',
  title: 'Deadlift',
  category: 'Weight Training',
  value: '405 lbs',
  displayValue: '405 lbs',
  amount: 405,
  unit: 'lbs',
  date: 'March 14, 2026',
  achievedOn: '2026-03-14',
  sets: 1,
  reps: 1,
  story: 'Four plates.',
  image: '/media/a/full.webp',
  mediaType: 'image',
  media: {
    type: 'image',
    url: '/media/a/full.webp',
    cardUrl: '/media/a/card.webp',
    fullUrl: '/media/a/full.webp',
    posterUrl: null,
    width: 1080,
    height: 1350,
  },
  isVisible: true,
  order: 0,
  createdAt: '2026-03-14T10:00:00.000Z',
  personalBestHistory: [],
};

export function historyRecord(overrides: Partial<PbRecord> = {}): PbRecord {
  return {
    id: 'rec-old',
    value: '365 lbs',
    displayValue: '365 lbs',
    amount: 365,
    unit: 'lbs',
    date: 'June 1, 2025',
    achievedOn: '2025-06-01',
    sets: 1,
    reps: 2,
    story: '',
    image: '/media/b/full.webp',
    mediaType: 'image',
    media: { ...samplePb.media, url: '/media/b/full.webp', fullUrl: '/media/b/full.webp' },
    createdAt: '2025-06-01T10:00:00.000Z',
    ...overrides,
  };
}

export function pbWith(overrides: Partial<PersonalBest>): PersonalBest {
  return { ...samplePb, ...overrides };
}
