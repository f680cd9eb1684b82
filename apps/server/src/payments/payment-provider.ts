import type { PaymentProviderName, Plan } from '@pbshare/shared';

/**
 * The payments port: the billing service says what to sell; an adapter (the local demo or
 * Stripe Checkout) takes the money and reports, through its webhook, what happened.
 */
export interface CheckoutRequest {
  /** Our purchase row; the provider is asked to create one checkout per purchase, never more. */
  purchaseId: string;
  userId: string;
  email: string;
  plan: Plan;
  /** Where the browser returns after paying; `{CHECKOUT_SESSION_ID}` is replaced by the provider. */
  successUrl: string;
  cancelUrl: string;
}

export interface StartedCheckout {
  /** The checkout's id at the provider, unique across purchases. */
  reference: string;
  /** Where to send the browser. */
  url: string;
}

/** What a verified webhook delivery means for us. */
export type PaymentEvent =
  | {
      kind: 'paid';
      eventId: string;
      eventType: string;
      /** The checkout that was paid (see StartedCheckout.reference). */
      reference: string;
      /** Our purchase and user as the checkout carried them, to match and to cross-check. */
      purchaseId: string | undefined;
      userId: string | undefined;
      /** The payment a later refund will name. */
      paymentRef: string | null;
      amountCents: number | null;
      currency: string | null;
    }
  | { kind: 'refunded'; eventId: string; eventType: string; paymentRef: string }
  | { kind: 'ignored'; eventId: string; eventType: string };

export const PLACEHOLDER_CHECKOUT_ID = '{CHECKOUT_SESSION_ID}';

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** True when starting the checkout is the payment itself (the demo): Pro is granted at once. */
  readonly paysAtCheckout: boolean;
  startCheckout(request: CheckoutRequest): Promise<StartedCheckout>;
  /** Verifies a webhook delivery (raw body and signature header); throws WebhookRejected if not. */
  readWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

/** A webhook delivery that is not provably from the provider: answered 400, never acted on. */
export class WebhookRejected extends Error {
  override name = 'WebhookRejected';
}

/** The provider could not be reached or refused to start a checkout. */
export class CheckoutUnavailable extends Error {
  override name = 'CheckoutUnavailable';
}
