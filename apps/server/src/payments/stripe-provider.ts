import { PRODUCT_NAME } from '@pbshare/shared';
import Stripe from 'stripe';
import type { PaymentsConfig } from '../config.js';
import {
  CheckoutUnavailable,
  WebhookRejected,
  type CheckoutRequest,
  type PaymentEvent,
  type PaymentProvider,
  type StartedCheckout,
} from './payment-provider.js';

type StripeConfig = Extract<PaymentsConfig, { provider: 'stripe' }>;

/**
 * Stripe Checkout in `payment` mode (one-time, never a subscription). The browser pays on Stripe's
 * page; only the signed webhook says it was paid, so a forged return URL grants nothing.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe';
  readonly paysAtCheckout = false;
  private readonly stripe: Stripe;

  constructor(private readonly config: StripeConfig) {
    this.stripe = new Stripe(config.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(config.apiUrl ? endpointOf(config.apiUrl) : {}),
    });
  }

  async startCheckout(request: CheckoutRequest): Promise<StartedCheckout> {
    const { plan } = request;
    const priceId = this.config.priceIds[plan.id];
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            priceId
              ? { price: priceId, quantity: 1 }
              : {
                  quantity: 1,
                  price_data: {
                    currency: 'usd',
                    unit_amount: plan.priceCents,
                    product_data: { name: `${PRODUCT_NAME} Pro: ${plan.name}` },
                  },
                },
          ],
          client_reference_id: request.userId,
          customer_email: request.email,
          metadata: { plan: plan.id, purchase_id: request.purchaseId },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        // A retried create (ours or the SDK's) returns the same session instead of a second one.
        { idempotencyKey: `pbshare-checkout-${request.purchaseId}` },
      );
    } catch (err) {
      throw new CheckoutUnavailable('Stripe refused to start the checkout', { cause: err });
    }
    if (!session.url) throw new CheckoutUnavailable('Stripe answered a checkout without a URL');
    return { reference: session.id, url: session.url };
  }

  readWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent {
    let event: Stripe.Event;
    try {
      // The SDK's default tolerance (300 s) refuses replays of old signed deliveries.
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature ?? '',
        this.config.webhookSecret,
      );
    } catch (err) {
      throw new WebhookRejected('The webhook signature could not be verified.', { cause: err });
    }
    const base = { eventId: event.id, eventType: event.type };
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        // A delayed method (a bank debit) completes unpaid; its async_payment_succeeded grants.
        if (session.payment_status !== 'paid') return { kind: 'ignored', ...base };
        return {
          kind: 'paid',
          ...base,
          reference: session.id,
          purchaseId: session.metadata?.purchase_id,
          userId: session.client_reference_id ?? undefined,
          paymentRef: idOf(session.payment_intent),
          amountCents: session.amount_total,
          currency: session.currency,
        };
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        const paymentRef = idOf(charge.payment_intent);
        // A partial refund (a goodwill gesture) leaves the purchase standing.
        if (!charge.refunded || !paymentRef) return { kind: 'ignored', ...base };
        return { kind: 'refunded', ...base, paymentRef };
      }
      default:
        return { kind: 'ignored', ...base };
    }
  }
}

function idOf(value: string | { id: string } | null): string | null {
  return value === null ? null : typeof value === 'string' ? value : value.id;
}

function endpointOf(apiUrl: string): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}
