import { PLANS, type Plan } from '@pbshare/shared';
import { CircleAlert, Timer } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Decoration } from '@/components/ui/decoration';
import { pageTitle, useDocumentTitle } from '@/hooks/use-document-title';
import { errorMessage } from '@/lib/form-errors';
import { useAppConfig } from '@/features/app-config';
import { useAuth } from '@/features/auth';
import { usePersonalBests } from '@/features/pbs';
import { useBilling } from './api/get-billing';
import { useStartCheckout } from './api/start-checkout';
import { forgetReturnPath, rememberReturnPath } from './checkout-return';
import { CheckoutStatus } from './components/checkout-status';
import { DemoNotice } from './components/demo-notice';
import { PlanCard, type PlanAction } from './components/plan-card';
import { FreeUsage, ProStatus } from './components/plan-status';
import { ProBenefits } from './components/pro-benefits';
import { useCheckoutReturn } from './use-checkout-return';

/** A visitor choosing a plan signs in first and comes back here, where its checkout starts. */
const visitorChooseHref = (plan: Plan) => `/login?redirect=pricing&plan=${plan.id}`;
const CHECKOUT_FAILED_MESSAGE = 'Checkout could not start. Nothing was charged; please try again.';

/**
 * /pricing: the two one-time plans. Visitors are sent to sign in; a signed-in user buys here and
 * comes back here from the checkout, where the page waits for the payment to be confirmed.
 */
export function PricingPage() {
  useDocumentTitle(pageTitle('Pricing'));
  const { user } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const from = params.get('from');
  const returning = params.has('checkout');
  const afterSignIn = (location.state as { afterSignIn?: boolean } | null)?.afterSignIn === true;
  useEffect(() => {
    // Kept across the sign-in round trip and the checkout's return; any other visit starts anew,
    // so a page remembered from an abandoned upgrade is not where a later purchase lands.
    if (from) rememberReturnPath(from);
    else if (!returning && !afterSignIn) forgetReturnPath();
  }, [from, returning, afterSignIn]);

  const signedIn = user !== null;
  const pro = user?.subscription_tier === 'unlimited';
  const demo = useAppConfig().data?.payments === 'demo';
  const billing = useBilling({ enabled: signedIn });
  const pbs = usePersonalBests({ enabled: signedIn && !pro });
  const checkoutReturn = useCheckoutReturn(signedIn);
  const start = useStartCheckout();
  const [startError, setStartError] = useState<string | null>(null);

  function choose(plan: Plan) {
    setStartError(null);
    start.mutate(plan.id, {
      onSuccess: ({ url }) => {
        const target = new URL(url, window.location.origin);
        // The demo comes straight back here; Stripe Checkout is another site.
        if (target.origin === window.location.origin) {
          void navigate(`${target.pathname}${target.search}`, { replace: true });
        } else {
          window.location.assign(target.href);
        }
      },
      onError: (error) => {
        setStartError(errorMessage(error, CHECKOUT_FAILED_MESSAGE));
      },
    });
  }

  const plan = billing.data?.plan ?? null;
  const confirming = checkoutReturn.state === 'confirming';
  const buy = (p: Plan): PlanAction => ({
    kind: 'buy',
    onChoose: () => {
      choose(p);
    },
    busy: start.isPending && start.variables === p.id,
    disabled: start.isPending || confirming || (pro && billing.isPending),
  });
  function actionFor(p: Plan): PlanAction {
    if (!signedIn) return { kind: 'link', href: visitorChooseHref(p) };
    // Pro without a pass (Lifetime, or granted by support) has nothing left to buy; only the plan
    // held is called current.
    if (pro && plan === 'lifetime') {
      return p.id === 'lifetime'
        ? { kind: 'current' }
        : { kind: 'included', label: 'Included in Lifetime' };
    }
    if (pro && billing.isSuccess && plan === null) {
      return { kind: 'included', label: 'Included in your Pro' };
    }
    if (plan === 'one-year' && p.id === 'one-year') return { kind: 'current' };
    return buy(p);
  }

  usePickedPlan(signedIn && billing.isSuccess, (picked) => {
    const action = actionFor(picked);
    if (action.kind === 'buy') action.onChoose();
  });

  return (
    <div className="relative isolate">
      <Decoration className="inset-x-0 -top-16 -z-10 h-[34rem] bg-[radial-gradient(50rem_24rem_at_50%_0%,rgb(255_106_43/0.14),transparent_70%)]" />
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

        {demo ? <DemoNotice className="mt-6" /> : null}
        <CheckoutStatus status={checkoutReturn} />
        {signedIn && checkoutReturn.state !== 'confirming' && checkoutReturn.state !== 'paid' ? (
          pro ? (
            <ProStatus billing={billing.data} />
          ) : (
            <FreeUsage count={pbs.data?.length} />
          )
        ) : null}
        {startError ? (
          <Alert variant="destructive" className="mx-auto mt-6 max-w-xl">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{startError}</AlertDescription>
          </Alert>
        ) : null}

        <div className="mx-auto mt-14 grid max-w-4xl grid-cols-1 gap-8 md:grid-cols-2 md:gap-6">
          {PLANS.map((p) => (
            <PlanCard
              key={p.id}
              plan={p}
              action={actionFor(p)}
              footer={
                plan === 'one-year' && p.id === 'one-year' ? (
                  <Button
                    variant="ghost"
                    className="mt-2 w-full"
                    disabled={start.isPending || confirming}
                    onClick={() => {
                      choose(p);
                    }}
                  >
                    Add another year
                  </Button>
                ) : undefined
              }
            />
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

/**
 * The plan a visitor picked before signing in (`?plan=`), handed on once the page knows what the
 * account holds; the parameter then leaves the address, so a reload starts nothing.
 */
function usePickedPlan(ready: boolean, start: (plan: Plan) => void) {
  const [params, setParams] = useSearchParams();
  const picked = PLANS.find(({ id }) => id === params.get('plan'));
  const started = useRef(false);
  const onPicked = useEffectEvent(start);
  useEffect(() => {
    if (!picked || !ready || started.current) return;
    started.current = true;
    setParams(
      (current) => {
        current.delete('plan');
        return current;
      },
      { replace: true, preventScrollReset: true },
    );
    onPicked(picked);
  }, [picked, ready, setParams]);
}
