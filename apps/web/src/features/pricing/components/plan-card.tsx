import { formatUsd, type Plan } from '@pbshare/shared';
import { Check, LoaderCircle, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { PLAN_COPY } from '../plan-copy';

/** What the plan's button does: lead somewhere (a visitor signs in first), buy, or nothing. */
export type PlanAction =
  | { kind: 'link'; href: string }
  | { kind: 'buy'; onChoose: () => void; busy: boolean; disabled: boolean }
  | { kind: 'current' }
  /** Nothing to buy, but not the plan held either (a 1-year pass for a Lifetime holder). */
  | { kind: 'included'; label: string };

export interface PlanCardProps {
  plan: Plan;
  action: PlanAction;
  /** A line under the button (a pass holder's 'Add another year'). */
  footer?: ReactNode;
}

export function PlanCard({ plan, action, footer }: PlanCardProps) {
  const copy = PLAN_COPY[plan.id];
  const titleId = `plan-${plan.id}-title`;

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'relative flex flex-col rounded-3xl border bg-background p-6 sm:p-8',
        plan.popular
          ? 'border-primary shadow-[0_24px_60px_-24px_rgb(217_54_11/0.45)] ring-1 ring-primary'
          : 'border-border shadow-card',
      )}
    >
      {plan.popular ? (
        <p className="absolute -top-3.5 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-primary px-3 py-1 text-xs font-bold tracking-wide text-primary-foreground uppercase shadow-glow">
          <Star className="size-3.5 fill-current" aria-hidden="true" />
          Popular
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-xl font-bold tracking-tight">
          {plan.name}
        </h2>
        <span className="rounded-full bg-success/10 px-2.5 py-1 text-xs font-semibold text-success-strong">
          {plan.saving}
        </span>
      </div>
      <p className="mt-2 text-sm text-muted-foreground">{copy.summary}</p>

      <p className="mt-6 flex items-baseline gap-3">
        <span className="text-5xl font-extrabold tracking-tight">{formatUsd(plan.priceCents)}</span>
        <span className="text-lg text-muted-foreground">
          <span className="sr-only">was </span>
          <del>{formatUsd(plan.wasPriceCents)}</del>
        </span>
      </p>
      <p className="mt-1 text-sm font-medium">One-time payment</p>

      <ul className="mt-6 space-y-3 border-t border-border pt-6 text-sm">
        <li className="flex gap-3">
          <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          {copy.term}
        </li>
        <li className="flex gap-3">
          <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          Unlimited PBs and every Pro feature
        </li>
      </ul>

      {action.kind === 'link' ? (
        <Button
          asChild
          size="lg"
          variant={plan.popular ? 'primary' : 'outline'}
          className="mt-8 w-full"
        >
          <Link to={action.href}>Choose {plan.name}</Link>
        </Button>
      ) : action.kind === 'buy' ? (
        <Button
          size="lg"
          variant={plan.popular ? 'primary' : 'outline'}
          className="mt-8 w-full"
          disabled={action.disabled || action.busy}
          onClick={action.onChoose}
        >
          {action.busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {action.busy ? 'Starting checkout...' : `Choose ${plan.name}`}
        </Button>
      ) : (
        <Button size="lg" variant="outline" className="mt-8 w-full" disabled>
          {action.kind === 'current' ? 'Current Plan' : action.label}
        </Button>
      )}
      {footer}
    </article>
  );
}
