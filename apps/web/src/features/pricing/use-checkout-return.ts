import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { toast } from '@/components/ui/toaster';
import { authKeys } from '@/features/auth';
import { billingKeys, useBilling } from './api/get-billing';
import { takeReturnPath } from './checkout-return';
import {
  CONFIRM_POLL_MS,
  CONFIRM_TIMEOUT_MS,
  PURCHASED_MESSAGE,
  PURCHASED_TITLE,
} from './pricing-texts';

export type CheckoutReturn =
  | { state: 'none' }
  | { state: 'cancelled' }
  | { state: 'confirming' }
  /** Paid: the toast says so while the page leaves; nothing else is shown meanwhile. */
  | { state: 'paid' }
  /** The provider has not confirmed within the wait; its webhook will still grant Pro. */
  | { state: 'slow' }
  /** No checkout of this account has that id (a mistyped or someone else's link). */
  | { state: 'unknown' };

/**
 * The return from a checkout (`/pricing?checkout={id}`): waits for the server to record the
 * payment, which with Stripe arrives through its webhook, possibly after the browser. Then the
 * fresh profile, the toast, and back to where the purchase began.
 */
export function useCheckoutReturn(signedIn: boolean): CheckoutReturn {
  const [params] = useSearchParams();
  const checkout = params.get('checkout');
  const waiting = signedIn && checkout !== null && checkout !== 'cancelled';
  const [timedOut, setTimedOut] = useState(false);
  const billing = useBilling({
    enabled: waiting,
    checkout: checkout ?? undefined,
    refetchInterval: waiting && !timedOut ? CONFIRM_POLL_MS : false,
  });
  const paid = waiting && billing.data?.checkout?.status === 'paid';
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!waiting || paid) return;
    const timer = setTimeout(() => {
      setTimedOut(true);
    }, CONFIRM_TIMEOUT_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [waiting, paid]);

  useEffect(() => {
    if (!paid) return;
    void (async () => {
      // The tier changed: the top bar, the profile and the form read it from the profile.
      await queryClient.invalidateQueries({ queryKey: authKeys.me });
      await queryClient.invalidateQueries({ queryKey: billingKeys.all });
      toast.success(PURCHASED_TITLE, { description: PURCHASED_MESSAGE });
      void navigate(takeReturnPath(), { replace: true });
    })();
  }, [paid, navigate, queryClient]);

  if (checkout === 'cancelled') return { state: 'cancelled' };
  if (!waiting) return { state: 'none' };
  if (paid) return { state: 'paid' };
  if (billing.isSuccess && billing.data.checkout === null) return { state: 'unknown' };
  return timedOut ? { state: 'slow' } : { state: 'confirming' };
}
