import Fastify, { type FastifyInstance, type onRouteHookHandler } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerPlatform } from './app-platform.js';
import { registerRoutes } from './app-routes.js';
import { buildServices } from './app-services.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { publicFastPath } from './fast-path/index.js';
import { buildSecurityHeaders } from './http/security.js';
import { responseSerializerCompiler } from './http/response-serializer.js';
import { serverOptions } from './http/server-options.js';
import { genRequestId } from './http/request-id.js';
import type { JobRunner } from './jobs/jobs.js';
import type { Mailer } from './mail/mailer.js';
import type { UploadSlots } from './media/upload-limiter.js';
import { AppMetrics } from './metrics/metrics.js';
import { registerMetrics } from './metrics/metrics-routes.js';
import { openDatabase } from './open-database.js';
import type { PaymentProvider } from './payments/payment-provider.js';
import type { AppStorage } from './storage/create-storage.js';
import { inlineScriptHashes } from './web/inline-scripts.js';

export interface AppDependencies {
  /** An already-migrated database; by default one is opened from the config. */
  database?: Database;
  /** Replaces the mailer chosen from the config (SMTP_URL, else the outbox). */
  mailer?: Mailer;
  /** Replaces the per-account upload limits (tests that need many uploads at once). */
  uploads?: UploadSlots;
  /** Replaces the payment provider chosen from the config (Stripe, else the demo). */
  payments?: PaymentProvider;
  /** Sees every route as it is registered: the quality gates build their route table from it. */
  onRoute?: onRouteHookHandler;
  /** The largest archive `POST /v1/users/import` reads (tests of the limit set a small one). */
  maxImportArchiveBytes?: number;
  /** The media store; by default the one the config names (main.ts shares it with the sweeps). */
  storage?: AppStorage;
}

/**
 * The composition root: builds a ready-to-listen app from configuration. It neither listens nor
 * migrates, so tests can inject requests and add routes before the app is started. The parts are
 * built in order: the platform every request passes through (app-platform.ts), the services
 * (app-services.ts), then the routes (app-routes.ts).
 */
export async function buildApp(
  config: Config,
  deps: AppDependencies = {},
): Promise<FastifyInstance> {
  const database =
    deps.database ?? openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });

  const securityHeaders = buildSecurityHeaders(
    config.publicOrigin,
    config.webDistDir ? inlineScriptHashes(config.webDistDir) : [],
  );
  const fastPath = publicFastPath(config.publicFastPath, database);
  const app = Fastify({
    ...serverOptions(config.timeouts, securityHeaders, fastPath.frontDoor),
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    genReqId: genRequestId,
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.addHook('onRoute', fastPath.noteRoute);
  app.addHook('onClose', () => database.close());

  // Jobs run in this process unless JOBS_IN_PROCESS=false (then `npm run worker` runs them). The
  // metrics read the runner's depth, and the runner reports to the metrics: the box breaks the loop.
  const jobs: { runner?: JobRunner } = {};
  const metrics =
    config.metricsToken === undefined
      ? undefined
      : new AppMetrics(config.jobs.inProcess ? () => jobs.runner?.depth() ?? noJobs() : undefined);
  if (metrics && config.metricsToken) registerMetrics(app, metrics, config.metricsToken);

  const { redis, isDraining } = await registerPlatform(app, config, database, securityHeaders);
  const services = await buildServices(app, { config, deps, database, redis, fastPath, metrics });
  jobs.runner = services.jobs;
  await registerRoutes(app, {
    config,
    deps,
    database,
    redis,
    services,
    fastPath,
    securityHeaders,
    isDraining,
  });
  return app;
}

async function noJobs() {
  return { queued: 0, running: 0, parked: 0 };
}
