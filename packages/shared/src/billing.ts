import { z } from 'zod';

import { PLAN_IDS } from './pricing.js';

/** How long one 1-Year Pass keeps an account on Pro; a second pass adds as much again. */
export const ONE_YEAR_PASS_DAYS = 365;

/** Shown on every screen of the demo checkout, where no payment provider is configured. */
export const DEMO_CHECKOUT_NOTICE = 'Demo checkout: no card is charged';

/** Who takes the money: a real Stripe Checkout, or the local demo that grants at once. */
export const PAYMENT_PROVIDERS = ['demo', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export const PURCHASE_STATUSES = ['pending', 'paid', 'refunded'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/** POST /v1/billing/checkout */
export const checkoutInputSchema = z.object({
  plan: z.enum(PLAN_IDS, { error: 'Choose the 1-Year Pass or the Lifetime Deal.' }),
});

export const billingQuerySchema = z.object({ checkout: z.string().max(255).optional() });

/** Where to send the browser: Stripe Checkout, or (demo) straight back to the return page. */
export const checkoutResultSchema = z.object({ url: z.string() });
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

export const purchaseSchema = z.object({
  id: z.string(),
  plan: z.enum(PLAN_IDS),
  amountCents: z.number().int(),
  currency: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  status: z.enum(PURCHASE_STATUSES),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** When the Pro time this purchase gives ends; null for Lifetime (and for unpaid ones). */
  expiresAt: z.string().nullable(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

/**
 * GET /v1/billing: the account's plan as derived from its paid purchases. `status` is `active`
 * while Pro, `expired` once a pass has run out with nothing after it, and `free` otherwise.
 */
export const billingOverviewSchema = z.object({
  tier: z.enum(['free', 'unlimited']),
  plan: z.enum(PLAN_IDS).nullable(),
  status: z.enum(['free', 'active', 'expired']),
  /** The end of Pro time (null while on Lifetime or never Pro). */
  expiresAt: z.string().nullable(),
  provider: z.enum(PAYMENT_PROVIDERS),
  purchases: z.array(purchaseSchema),
  /**
   * With `?checkout={id}` (the return page): that checkout's purchase status, or null when it is
   * not one of the caller's. `paid` is what the return page waits for.
   */
  checkout: z.object({ status: z.enum(PURCHASE_STATUSES) }).nullable(),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;
