import { startFakeStripe } from '../../apps/server/src/test/fake-stripe.js';
import { freePort, startBuiltServer } from '../../scripts/lib/built-server.mjs';

/**
 * A second copy of the production server configured for Stripe, pointed at a local fake of
 * Stripe's API whose checkout page "pays" and sends the signed webhook, as Stripe would. It shares
 * the first server's DATA_DIR (database, outbox), so accounts and mails are the same on both.
 * Specs reach it through E2E_STRIPE_BASE_URL.
 */
export async function startStripeServer(dataDir: string): Promise<{ stop: () => Promise<void> }> {
  const stripe = await startFakeStripe();
  const port = await freePort();
  stripe.webhookUrl = `http://127.0.0.1:${port}/v1/billing/webhook`;
  const server = await startBuiltServer({
    dataDir,
    port,
    env: {
      TRUST_PROXY: 'true',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
    },
  });
  process.env.E2E_STRIPE_BASE_URL = server.base;

  return {
    async stop() {
      await server.stop();
      await stripe.close();
    },
  };
}
