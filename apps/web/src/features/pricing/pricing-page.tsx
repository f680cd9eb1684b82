import { PLANS } from '@pbshare/shared';
import { Timer } from 'lucide-react';

import { pageTitle, useDocumentTitle } from '../../hooks/use-document-title';
import { PlanCard } from './components/plan-card';
import { ProBenefits } from './components/pro-benefits';

/*
 * A visitor choosing a plan signs in first and comes back here. The signed-in variant (PB count
 * bar, 'Current Plan' for Pro users, buying) replaces this href with a purchase action later.
 */
const visitorChooseHref = '/login?redirect=pricing';

export function PricingPage() {
  useDocumentTitle(pageTitle('Pricing'));

  return (
    <div className="relative isolate">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-16 -z-10 h-[34rem] bg-[radial-gradient(50rem_24rem_at_50%_0%,rgb(255_106_43/0.14),transparent_70%)]"
      />
      <div className="mx-auto w-full max-w-6xl px-4 pt-10 pb-24 sm:px-6 sm:pt-16">
        <div className="mx-auto flex max-w-2xl flex-col items-center text-center">
          <p
            role="note"
            className="inline-flex items-center gap-2 rounded-full border border-amber-300 bg-amber-50 px-3.5 py-1.5 text-sm font-semibold text-amber-900"
          >
            <Timer className="size-4" aria-hidden="true" />
            Launch offer ending soon
          </p>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight sm:text-5xl">
            Upgrade to Pro
          </h1>
          <p className="mt-4 text-lg text-muted-foreground text-pretty">
            Log every personal best you will ever set. Pay once, with no subscription and no
            renewals.
          </p>
        </div>

        <div className="mx-auto mt-14 grid max-w-4xl grid-cols-1 gap-8 md:grid-cols-2 md:gap-6">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} chooseHref={visitorChooseHref} />
          ))}
        </div>
        <p className="mx-auto mt-6 max-w-4xl text-center text-sm text-muted-foreground">
          Prices in US dollars. One-time payment: you are never charged again automatically.
        </p>

        <ProBenefits />
      </div>
    </div>
  );
}
