import { checkoutResultSchema, type CheckoutResult, type PlanId } from '@pbshare/shared';
import { useMutation } from '@tanstack/react-query';

import { newIdempotencyKey } from '@/lib/idempotency-key';
import { apiClient } from '@/lib/session-api-client';

/**
 * POST /billing/checkout: where to send the browser to pay (Stripe Checkout, or the return page
 * when the demo checkout has granted Pro already). One key per click, so a retried request
 * cannot start a second checkout.
 */
export function startCheckout(plan: PlanId): Promise<CheckoutResult> {
  return apiClient.post(
    '/billing/checkout',
    { plan },
    {
      headers: { 'Idempotency-Key': newIdempotencyKey() },
      parse: (data) => checkoutResultSchema.parse(data),
    },
  );
}

export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout });
}
