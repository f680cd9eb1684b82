import type { Category } from '@pbshare/shared';

export type SampleArtwork = 'deadlift' | 'run' | 'pull-ups';

/** The three made-up PBs the hero's demo card cycles through. */
export interface SamplePb {
  id: string;
  athlete: { name: string; handle: string; initials: string };
  title: string;
  category: Category;
  value: string;
  badges: string[];
  story: string;
  date: string;
  artwork: SampleArtwork;
}

export const SAMPLE_PBS: readonly SamplePb[] = [
  {
    id: 'deadlift',
    athlete: { name: 'Maya Chen', handle: 'maya.lifts', initials: 'MC' },
    title: 'Deadlift',
    category: 'Weight Training',
    value: '405 lbs',
    badges: ['1 set', '1 rep'],
    story:
      'Two years chasing four plates. Pulled it on my 30th birthday with my whole crew yelling.',
    date: 'March 14, 2026',
    artwork: 'deadlift',
  },
  {
    id: '5k',
    athlete: { name: 'Leo Okafor', handle: 'leoruns', initials: 'LO' },
    title: '5K Run',
    category: 'Running',
    value: '22:48',
    badges: ['Sub-23'],
    story: 'Negative splits all the way. Six months ago I could not run a mile without stopping.',
    date: 'April 2, 2026',
    artwork: 'run',
  },
  {
    id: 'pull-ups',
    athlete: { name: 'Sam Rivera', handle: 'sam.moves', initials: 'SR' },
    title: 'Pull-ups',
    category: 'Bodyweight Training',
    value: '25 reps',
    badges: ['1 set'],
    story: 'Started at zero with a band. Every single rep of this set was earned.',
    date: 'May 9, 2026',
    artwork: 'pull-ups',
  },
];
