import { PRODUCT_NAME, appConfigSchema, successEnvelope, type AppConfig } from '@pbshare/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { ok } from '../../http/envelope.js';

/** Public facts the web app shows (legal pages' contact addresses, the canonical origin). */
export const appConfigRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  const body: AppConfig = {
    productName: PRODUCT_NAME,
    publicOrigin: config.publicOrigin,
    supportEmail: config.supportEmail,
    privacyEmail: config.privacyEmail,
    payments: config.payments.provider,
  };
  app.get(
    '/app-config',
    { schema: { response: { 200: successEnvelope(appConfigSchema) } } },
    (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return ok(body);
    },
  );
};
