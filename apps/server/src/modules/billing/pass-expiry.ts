import { ONE_YEAR_PASS_DAYS, type PlanId } from '@pbshare/shared';
import { ONE_DAY_MS } from '../../durations.js';

export interface PaidPurchase {
  id: string;
  plan: PlanId;
  paidAt: string;
}

/**
 * When each paid purchase's Pro time ends: never for Lifetime; for a 1-Year Pass, 365 days after
 * the later of its payment and the end of the passes paid before it, so a pass bought early adds
 * a full year instead of overlapping. Worked out afresh from all paid purchases each time, so a
 * refunded pass also takes its year out of the passes after it.
 */
export function passExpiries(paid: readonly PaidPurchase[]): Map<string, string | null> {
  const ordered = [...paid].sort(
    (a, b) => a.paidAt.localeCompare(b.paidAt) || a.id.localeCompare(b.id),
  );
  const expiries = new Map<string, string | null>();
  let passesEnd = 0;
  for (const purchase of ordered) {
    if (purchase.plan === 'lifetime') {
      expiries.set(purchase.id, null);
      continue;
    }
    const start = Math.max(Date.parse(purchase.paidAt), passesEnd);
    passesEnd = start + ONE_YEAR_PASS_DAYS * ONE_DAY_MS;
    expiries.set(purchase.id, new Date(passesEnd).toISOString());
  }
  return expiries;
}
