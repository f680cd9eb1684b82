import {
  billingOverviewSchema,
  billingQuerySchema,
  checkoutInputSchema,
  checkoutResultSchema,
  noDataSchema,
  successEnvelope,
} from '@pbshare/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, type RequireAuth } from '../../http/auth-guard.js';
import { ok } from '../../http/envelope.js';
import type { BillingService } from './service.js';

export interface BillingRouteDeps {
  billing: BillingService;
  requireAuth: RequireAuth;
}

/** Stripe's events are a few KB; anything near this is not one of them. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

export const billingRoutes: FastifyPluginAsyncZod<BillingRouteDeps> = async (app, deps) => {
  const { billing, requireAuth } = deps;

  app.get(
    '/',
    {
      preValidation: requireAuth,
      schema: {
        querystring: billingQuerySchema,
        response: { 200: successEnvelope(billingOverviewSchema) },
      },
    },
    async (request) => ok(await billing.overview(authOf(request).userId, request.query.checkout)),
  );

  app.post(
    '/checkout',
    {
      preValidation: requireAuth,
      schema: {
        body: checkoutInputSchema,
        response: { 200: successEnvelope(checkoutResultSchema) },
      },
      // A double click or a retried request replays the first answer: one checkout, one charge.
      config: { idempotent: true },
    },
    async (request) =>
      ok(await billing.checkout(authOf(request).userId, request.body.plan), 'Checkout started'),
  );

  // The signature covers the exact bytes Stripe sent, so this route reads its body unparsed, in a
  // scope of its own. Signed, not signed in: the caller is the payment provider.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => {
        done(null, body);
      },
    );
    const received = { response: { 200: successEnvelope(noDataSchema) } };
    webhook.post('/webhook', { schema: received }, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      await billing.handleWebhook(raw, typeof signature === 'string' ? signature : undefined);
      return ok(null, 'Event received');
    });
  });
};
