/** The two one-time Pro plans (docs/PRODUCT.md §9). Prices are in US cents to avoid float maths. */
export const PLAN_IDS = ['one-year', 'lifetime'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  priceCents: number;
  wasPriceCents: number;
  saving: string;
  popular: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'one-year',
    name: '1-Year Pass',
    priceCents: 1999,
    wasPriceCents: 2999,
    saving: 'Save 33% for a year',
    popular: false,
  },
  {
    id: 'lifetime',
    name: 'Lifetime Deal',
    priceCents: 3999,
    wasPriceCents: 9999,
    saving: 'Save 60% for life',
    popular: true,
  },
];

/** The plan of an id; every PlanId names one of PLANS. */
export function planById(id: PlanId): Plan {
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`No plan ${id}`);
  return plan;
}

export function formatUsd(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/**
 * The pricing page's address for an upgrade that began at `from`: the page remembers it so the
 * buyer lands back there after paying.
 */
export function pricingFrom(from: string): string {
  return `/pricing?from=${encodeURIComponent(from)}`;
}
