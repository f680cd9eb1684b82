import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { closeConnectionsWhileDraining } from './http/draining.js';
import { registerErrorHandling, sendApiNotFound } from './http/error-handler.js';
import { echoRequestId, genRequestId } from './http/request-id.js';
import { registerSecurityHeaders } from './http/security.js';
import { appConfigRoutes } from './modules/app-config/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { registerSpa } from './web/spa.js';

export interface AppDependencies {
  /** An already-migrated database; by default one is opened from the config. */
  database?: Database;
}

/**
 * The composition root: builds a ready-to-listen app from configuration. It neither listens nor
 * migrates, so tests can inject requests and add routes before the app is started.
 */
export async function buildApp(
  config: Config,
  deps: AppDependencies = {},
): Promise<FastifyInstance> {
  const database =
    deps.database ?? openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    genReqId: genRequestId,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onClose', () => database.close());

  echoRequestId(app);
  closeConnectionsWhileDraining(app);
  registerErrorHandling(app);
  await registerSecurityHeaders(app, config.publicOrigin);
  await app.register(compress, { threshold: 1024 });

  await app.register(healthRoutes, { database });
  await app.register(
    async (v1) => {
      await v1.register(appConfigRoutes, { config });
    },
    { prefix: '/v1' },
  );

  if (config.webDistDir) {
    await registerSpa(app, config.webDistDir);
  } else {
    app.setNotFoundHandler(sendApiNotFound);
  }

  return app;
}
