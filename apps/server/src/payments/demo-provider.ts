import {
  PLACEHOLDER_CHECKOUT_ID,
  WebhookRejected,
  type CheckoutRequest,
  type PaymentProvider,
  type StartedCheckout,
} from './payment-provider.js';

/**
 * For a fresh clone and demos: no card, no third party. Starting the checkout is the purchase, and
 * the browser goes straight to the return page, which says that nothing was charged.
 */
export class DemoPaymentProvider implements PaymentProvider {
  readonly name = 'demo';
  readonly paysAtCheckout = true;

  startCheckout(request: CheckoutRequest): Promise<StartedCheckout> {
    const reference = `demo_${request.purchaseId}`;
    return Promise.resolve({
      reference,
      url: request.successUrl.replace(PLACEHOLDER_CHECKOUT_ID, reference),
    });
  }

  readWebhook(): never {
    throw new WebhookRejected('This server takes no payment webhooks: it runs the demo checkout.');
  }
}
