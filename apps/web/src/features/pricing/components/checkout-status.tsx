import { CircleAlert, Info } from 'lucide-react';

import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import {
  CANCELLED_MESSAGE,
  CONFIRMING_MESSAGE,
  STILL_CONFIRMING_MESSAGE,
  UNKNOWN_CHECKOUT_MESSAGE,
} from '../pricing-texts';
import type { CheckoutReturn } from '../use-checkout-return';

/** What the pricing page says on the way back from a checkout. */
export function CheckoutStatus({ status }: { status: CheckoutReturn }) {
  switch (status.state) {
    case 'confirming':
      return (
        <div
          role="status"
          className="mx-auto mt-10 flex w-full max-w-xl items-center gap-3 rounded-2xl border border-border bg-background p-5 shadow-card"
        >
          <Spinner aria-hidden="true" />
          <p className="font-semibold">{CONFIRMING_MESSAGE}</p>
        </div>
      );
    case 'slow':
      return (
        <Alert className="mx-auto mt-10 max-w-xl">
          <Info aria-hidden="true" />
          <AlertTitle>Almost there</AlertTitle>
          <AlertDescription>{STILL_CONFIRMING_MESSAGE}</AlertDescription>
        </Alert>
      );
    case 'cancelled':
      return (
        <Alert className="mx-auto mt-10 max-w-xl">
          <Info aria-hidden="true" />
          <AlertDescription>{CANCELLED_MESSAGE}</AlertDescription>
        </Alert>
      );
    case 'unknown':
      return (
        <Alert className="mx-auto mt-10 max-w-xl">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>Checkout not found</AlertTitle>
          <AlertDescription>{UNKNOWN_CHECKOUT_MESSAGE}</AlertDescription>
        </Alert>
      );
    case 'none':
      return null;
  }
}
