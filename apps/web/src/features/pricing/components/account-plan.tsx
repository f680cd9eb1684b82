import {
  formatUsd,
  FREE_LIMIT_TEXT,
  planById,
  pricingFrom,
  type BillingOverview,
  type Purchase,
} from '@pbshare/shared';
import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';

import { buttonClasses } from '@/components/ui/button';
import { formatLongDate } from '@/lib/format';
import { useBilling } from '../api/get-billing';

const day = (iso: string) => formatLongDate(new Date(iso));

function amountOf(p: Purchase): string {
  return p.currency.toLowerCase() === 'usd'
    ? formatUsd(p.amountCents)
    : `${(p.amountCents / 100).toFixed(2)} ${p.currency.toUpperCase()}`;
}

/** The settings Account tab's plan: what it is, until when, and every purchase as a receipt. */
export function AccountPlan() {
  const billing = useBilling();

  return (
    <section aria-labelledby="account-plan-title" className="grid gap-3">
      <h2 id="account-plan-title" className="font-semibold">
        Plan
      </h2>
      {billing.isPending ? (
        <p className="text-sm text-muted-foreground">Loading your plan...</p>
      ) : billing.isError ? (
        <p className="text-sm text-muted-foreground">Your plan could not be loaded.</p>
      ) : (
        <PlanDetails data={billing.data} />
      )}
    </section>
  );
}

function PlanDetails({ data }: { data: BillingOverview }) {
  return (
    <>
      <p className="text-sm" data-testid="account-plan">
        {data.plan === 'lifetime'
          ? 'Pro: Lifetime Deal. It never expires.'
          : data.plan === 'one-year' && data.expiresAt
            ? `Pro: 1-Year Pass, until ${day(data.expiresAt)}.`
            : data.tier === 'unlimited'
              ? 'Pro.'
              : data.status === 'expired' && data.expiresAt
                ? `Free. Your Pro pass ended on ${day(data.expiresAt)}.`
                : `Free: up to ${FREE_LIMIT_TEXT}.`}
      </p>
      {data.tier === 'free' || data.plan === 'one-year' ? (
        <Link
          to={pricingFrom('/profile/settings')}
          className={buttonClasses({
            variant: 'outline',
            size: 'sm',
            className: 'justify-self-start',
          })}
        >
          <Sparkles aria-hidden="true" />
          {data.tier === 'free' ? 'Upgrade to Pro' : 'See plans'}
        </Link>
      ) : null}
      {data.purchases.length > 0 ? (
        <ul aria-label="Purchases" className="grid gap-2">
          {data.purchases.map((p) => (
            <li
              key={p.id}
              className="rounded-xl border border-border bg-background px-4 py-3 text-sm"
            >
              <p className="flex flex-wrap justify-between gap-2 font-medium">
                <span>{planById(p.plan).name}</span>
                <span>
                  {amountOf(p)}
                  {p.status === 'refunded' ? ' (refunded)' : ''}
                </span>
              </p>
              <p className="mt-1 text-muted-foreground">
                Bought {day(p.paidAt ?? p.createdAt)}
                {p.expiresAt && p.status === 'paid' ? ` · Pro until ${day(p.expiresAt)}` : ''}
                {p.provider === 'demo' ? ' · demo, no card charged' : ''}
              </p>
              <p className="mt-1 text-xs text-muted-foreground">
                Receipt {p.id} (also sent to your email)
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
