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

/** The notes of the states that are settled, each an icon, an optional title and a message. */
const notes = {
  slow: { Icon: Info, title: 'Almost there', message: STILL_CONFIRMING_MESSAGE },
  cancelled: { Icon: Info, title: undefined, message: CANCELLED_MESSAGE },
  unknown: { Icon: CircleAlert, title: 'Checkout not found', message: UNKNOWN_CHECKOUT_MESSAGE },
} as const;

/** What the pricing page says on the way back from a checkout. */
export function CheckoutStatus({ status }: { status: CheckoutReturn }) {
  if (status.state === 'none' || status.state === 'paid') return null;
  if (status.state === 'confirming') {
    return (
      <div
        role="status"
        className="mx-auto mt-10 flex w-full max-w-xl items-center gap-3 rounded-2xl border border-border bg-background p-5 shadow-card"
      >
        <Spinner aria-hidden="true" />
        <p className="font-semibold">{CONFIRMING_MESSAGE}</p>
      </div>
    );
  }
  const { Icon, title, message } = notes[status.state];
  return (
    <Alert className="mx-auto mt-10 max-w-xl">
      <Icon aria-hidden="true" />
      {title ? <AlertTitle>{title}</AlertTitle> : null}
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}
