import { PRODUCT_NAME, type AppConfig } from '@pbshare/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.js';
import { ok } from '../../http/envelope.js';

/** Public facts the web app shows (legal pages' contact addresses, the canonical origin). */
export const appConfigRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const body: AppConfig = {
    productName: PRODUCT_NAME,
    publicOrigin: config.publicOrigin,
    supportEmail: config.supportEmail,
    privacyEmail: config.privacyEmail,
    payments: config.payments.provider,
  };
  app.get('/app-config', (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=300');
    return ok(body);
  });
};
