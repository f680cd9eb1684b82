import type { PublicPb } from '@pbshare/shared';

/**
 * The Deadlift that `weightFields()` creates, as the API answers it: the fields an owner's card and
 * a public card share.
 */
export const answeredDeadlift = {
  title: 'Deadlift',
  category: 'Weight Training',
  value: '225 lbs',
  displayValue: '225 lbs',
  amount: 225,
  unit: 'lbs',
  date: 'March 14, 2026',
  achievedOn: '2026-03-14',
  sets: 1,
  reps: 1,
  story: 'Four plates at last.',
} satisfies Partial<PublicPb>;
