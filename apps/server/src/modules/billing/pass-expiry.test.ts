import type { PlanId } from '@pbshare/shared';
import { describe, expect, it } from 'vitest';
import { passExpiries, type PaidPurchase } from './pass-expiry.js';

const day = (iso: string) => `${iso}T12:00:00.000Z`;
const paid = (id: string, plan: PlanId, date: string) => ({ id, plan, paidAt: day(date) });

interface Case {
  rule: string;
  purchases: PaidPurchase[];
  /** The day each purchase named here ends on, null for never. */
  ends: Record<string, string | null>;
}

describe('passExpiries', () => {
  it.each<Case>([
    {
      rule: 'gives a 1-Year Pass 365 days from its payment',
      purchases: [paid('a', 'one-year', '2025-03-01')],
      ends: { a: '2026-03-01' },
    },
    {
      rule: 'extends a second pass from the end of the first when bought before it ends',
      purchases: [paid('b', 'one-year', '2025-09-01'), paid('a', 'one-year', '2025-03-01')],
      ends: { a: '2026-03-01', b: '2027-03-01' },
    },
    {
      rule: 'starts a pass bought after the last one ended from its own payment',
      purchases: [paid('a', 'one-year', '2023-01-10'), paid('b', 'one-year', '2025-06-15')],
      ends: { b: '2026-06-15' },
    },
    {
      rule: 'never ends Lifetime, and a Lifetime in between does not move the passes',
      purchases: [
        paid('a', 'one-year', '2025-03-01'),
        paid('l', 'lifetime', '2025-04-01'),
        paid('b', 'one-year', '2025-05-01'),
      ],
      ends: { l: null, b: '2027-03-01' },
    },
    {
      rule: 'leaves out what is not passed in (a refunded pass gives its year back)',
      purchases: [paid('b', 'one-year', '2025-09-01')],
      ends: { b: '2026-09-01' },
    },
  ])('$rule', ({ purchases, ends }) => {
    const got = passExpiries(purchases);
    for (const [id, end] of Object.entries(ends)) {
      expect(got.get(id), id).toBe(end === null ? null : day(end));
    }
  });
});
