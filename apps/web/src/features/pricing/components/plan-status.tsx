import { FREE_LIMIT_TEXT, FREE_TIER_PB_LIMIT, type BillingOverview } from '@pbshare/shared';
import { BadgeCheck } from 'lucide-react';

import { ProgressBar } from '@/components/ui/progress-bar';

import { formatLongDate } from '@/lib/format';
import { PRO_PLAN_MESSAGE } from '../pricing-texts';

/** A free user's exercises out of the cap, with the reason to upgrade. */
export function FreeUsage({ count }: { count: number | undefined }) {
  const used = Math.min(count ?? 0, FREE_TIER_PB_LIMIT);
  const full = used >= FREE_TIER_PB_LIMIT;
  return (
    <section
      aria-label="Your free plan"
      className="mx-auto mt-10 w-full max-w-xl rounded-2xl border border-border bg-background p-5 shadow-card"
    >
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <p className="font-semibold">Free plan</p>
        <p className="text-muted-foreground" data-testid="pricing-usage">
          {count === undefined ? '\u00a0' : `Used ${used} of ${FREE_LIMIT_TEXT}`}
        </p>
      </div>
      <ProgressBar
        label="Exercises on the free plan"
        value={used}
        max={FREE_TIER_PB_LIMIT}
        className="mt-3 h-2.5"
      />
      <p className="mt-3 text-sm text-muted-foreground">
        {full
          ? `You have used all ${FREE_LIMIT_TEXT}. Upgrade to Pro to keep adding new exercises.`
          : `Free accounts hold ${FREE_LIMIT_TEXT}. Upgrade to Pro for unlimited exercises.`}
      </p>
    </section>
  );
}

/** A Pro user's plan: the spec's message, and until when a pass runs. */
export function ProStatus({ billing }: { billing: BillingOverview | undefined }) {
  const until =
    billing?.plan === 'one-year' && billing.expiresAt ? new Date(billing.expiresAt) : undefined;
  return (
    <section
      aria-label="Your Pro plan"
      className="mx-auto mt-10 flex w-full max-w-xl items-start gap-3 rounded-2xl border border-success/30 bg-success/5 p-5"
    >
      <BadgeCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
      <div className="text-sm">
        <p className="font-semibold">{PRO_PLAN_MESSAGE}</p>
        {until ? (
          <p className="mt-1 text-muted-foreground" data-testid="pro-until">
            Your 1-Year Pass runs until {formatLongDate(until)}. Choose the Lifetime Deal to keep
            Pro for good.
          </p>
        ) : billing?.plan === 'lifetime' ? (
          <p className="mt-1 text-muted-foreground">Lifetime Deal: Pro for good.</p>
        ) : null}
      </div>
    </section>
  );
}
