import { describe, expect, it } from 'vitest';
import { CATEGORIES, CATEGORY_UNITS, defaultUnitFor, isCategory } from './categories.js';
import { PLANS, formatUsd } from './pricing.js';

describe('categories and units', () => {
  it('list the five categories of the spec', () => {
    expect(CATEGORIES).toEqual([
      'Weight Training',
      'Bodyweight Training',
      'Running',
      'Cycling',
      'Swimming',
    ]);
    expect(isCategory('Running')).toBe(true);
    expect(isCategory('Rowing')).toBe(false);
  });

  it('default to lbs for weights, reps for bodyweight and duration for timed sports', () => {
    expect(defaultUnitFor('Weight Training')).toBe('lbs');
    expect(CATEGORY_UNITS['Weight Training']).toContain('kg');
    expect(defaultUnitFor('Bodyweight Training')).toBe('reps');
    expect(CATEGORY_UNITS['Bodyweight Training']).toContain('duration');
    for (const timed of ['Running', 'Cycling', 'Swimming'] as const) {
      expect(CATEGORY_UNITS[timed]).toEqual(['duration']);
    }
  });
});

describe('plans', () => {
  it('carry the launch prices', () => {
    expect(PLANS.map((p) => [p.name, formatUsd(p.priceCents), formatUsd(p.wasPriceCents)])).toEqual(
      [
        ['1-Year Pass', '$19.99', '$29.99'],
        ['Lifetime Deal', '$39.99', '$99.99'],
      ],
    );
    expect(PLANS.find((p) => p.popular)?.id).toBe('lifetime');
  });
});
