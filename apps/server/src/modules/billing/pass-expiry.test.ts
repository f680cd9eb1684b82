import { describe, expect, it } from 'vitest';
import { passExpiries } from './pass-expiry.js';

const day = (iso: string) => `${iso}T12:00:00.000Z`;

describe('passExpiries', () => {
  it('gives a 1-Year Pass 365 days from its payment', () => {
    const ends = passExpiries([{ id: 'a', plan: 'one-year', paidAt: day('2025-03-01') }]);
    expect(ends.get('a')).toBe(day('2026-03-01'));
  });

  it('extends a second pass from the end of the first when bought before it ends', () => {
    const ends = passExpiries([
      { id: 'b', plan: 'one-year', paidAt: day('2025-09-01') },
      { id: 'a', plan: 'one-year', paidAt: day('2025-03-01') },
    ]);
    expect(ends.get('a')).toBe(day('2026-03-01'));
    expect(ends.get('b')).toBe(day('2027-03-01'));
  });

  it('starts a pass bought after the last one ended from its own payment', () => {
    const ends = passExpiries([
      { id: 'a', plan: 'one-year', paidAt: day('2023-01-10') },
      { id: 'b', plan: 'one-year', paidAt: day('2025-06-15') },
    ]);
    expect(ends.get('b')).toBe(day('2026-06-15'));
  });

  it('never ends Lifetime, and a Lifetime in between does not move the passes', () => {
    const ends = passExpiries([
      { id: 'a', plan: 'one-year', paidAt: day('2025-03-01') },
      { id: 'l', plan: 'lifetime', paidAt: day('2025-04-01') },
      { id: 'b', plan: 'one-year', paidAt: day('2025-05-01') },
    ]);
    expect(ends.get('l')).toBeNull();
    expect(ends.get('b')).toBe(day('2027-03-01'));
  });

  it('leaves out what is not passed in (a refunded pass gives its year back)', () => {
    const ends = passExpiries([{ id: 'b', plan: 'one-year', paidAt: day('2025-09-01') }]);
    expect(ends.get('b')).toBe(day('2026-09-01'));
  });
});
