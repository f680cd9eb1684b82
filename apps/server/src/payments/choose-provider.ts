import type { PaymentsConfig } from '../config.js';
import { DemoPaymentProvider } from './demo-provider.js';
import type { PaymentProvider } from './payment-provider.js';
import { StripePaymentProvider } from './stripe-provider.js';

/** Stripe when it is configured; the demo otherwise (config.ts keeps it out of production). */
export function choosePaymentProvider(config: PaymentsConfig): PaymentProvider {
  return config.provider === 'stripe'
    ? new StripePaymentProvider(config)
    : new DemoPaymentProvider();
}
