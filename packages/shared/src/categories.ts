/** PB categories and their units (docs/PRODUCT.md §3). */
export const CATEGORIES = [
  'Weight Training',
  'Bodyweight Training',
  'Running',
  'Cycling',
  'Swimming',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const UNITS = ['kg', 'lbs', 'reps', 'duration'] as const;
export type Unit = (typeof UNITS)[number];

/** Units a category accepts, the first being its default. */
export const CATEGORY_UNITS: Readonly<Record<Category, readonly Unit[]>> = {
  'Weight Training': ['lbs', 'kg'],
  'Bodyweight Training': ['reps', 'duration'],
  Running: ['duration'],
  Cycling: ['duration'],
  Swimming: ['duration'],
};

export const TIME_BASED_CATEGORIES: readonly Category[] = ['Running', 'Cycling', 'Swimming'];

export function defaultUnitFor(category: Category): Unit {
  // Every category lists at least one unit, so the fallback is never reached.
  return CATEGORY_UNITS[category][0] ?? 'reps';
}

export function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}
