import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type onRouteHookHandler } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { type Database } from './db/database.js';
import { openDatabase } from './open-database.js';
import { closeConnectionsWhileDraining } from './http/draining.js';
import { refuseNulCharacters } from './http/nul-guard.js';
import { registerErrorHandling, sendApiNotFound } from './http/error-handler.js';
import { echoRequestId, genRequestId } from './http/request-id.js';
import { buildSecurityHeaders, registerSecurityHeaders } from './http/security.js';
import { guardAgainstStalledBodies } from './http/body-stall-guard.js';
import { registerIdempotency } from './http/idempotency.js';
import { IdempotencyRepository } from './http/idempotency-repository.js';
import { acceptMultipartUnread, readMultipart } from './http/multipart.js';
import { responseSerializerCompiler } from './http/response-serializer.js';
import { serverOptions } from './http/server-options.js';
import { AttemptLimiter } from './http/attempt-limiter.js';
import { MemoryAttemptStore } from './security/attempt-store.js';
import { RedisAttemptStore } from './redis/redis-attempt-store.js';
import { connectRedis } from './redis/redis-client.js';
import { SignInThrottle } from './http/sign-in-throttle.js';
import { makeRequireAuth } from './http/auth-guard.js';
import type { Mailer } from './mail/mailer.js';
import { OutboxMailer } from './mail/outbox-mailer.js';
import { SmtpMailer } from './mail/smtp-mailer.js';
import { appConfigRoutes } from './modules/app-config/routes.js';
import { BillingRepository } from './modules/billing/repository.js';
import { billingRoutes } from './modules/billing/routes.js';
import { BillingService } from './modules/billing/service.js';
import { choosePaymentProvider } from './payments/choose-provider.js';
import type { PaymentProvider } from './payments/payment-provider.js';
import { AuthRepository } from './modules/auth/repository.js';
import { authRoutes } from './modules/auth/routes.js';
import { AuthService } from './modules/auth/service.js';
import { healthRoutes } from './modules/health/routes.js';
import { PbMediaStore } from './media/pb-media.js';
import { ffmpegVersion, requireFfmpeg } from './media/video/ffmpeg-binaries.js';
import type { JobRunner } from './jobs/jobs.js';
import { AppMetrics } from './metrics/metrics.js';
import { registerMetrics } from './metrics/metrics-routes.js';
import { VideoProcessor } from './media/video/video-processor.js';
import { createBackgroundWork } from './background-work.js';
import { uploadTmpDir } from './media/stale-uploads.js';
import { UploadLimiter, type UploadSlots } from './media/upload-limiter.js';
import { RedisUploadSlots } from './redis/redis-upload-slots.js';
import { PbsRepository } from './modules/pbs/repository.js';
import { pbsRoutes } from './modules/pbs/routes.js';
import { PbsService } from './modules/pbs/service.js';
import { publicFastPath, PublicProfileAnswers } from './fast-path/index.js';
import { apiLaneRoute, publicProfileRoutes } from './modules/public-profile/routes.js';
import { PublicProfileService } from './modules/public-profile/service.js';
import { UsersRepository } from './modules/users/repository.js';
import { usersRoutes } from './modules/users/routes.js';
import { DataExportRepository } from './modules/data-export/repository.js';
import { dataExportRoutes } from './modules/data-export/routes.js';
import { DataExportService } from './modules/data-export/service.js';
import { UsersService } from './modules/users/service.js';
import { AccessTokens } from './security/access-token.js';
import { resolveJwtSecret } from './security/jwt-secret.js';
import { RefreshSuccessor } from './security/refresh-successor.js';
import { createStorage, type AppStorage } from './storage/create-storage.js';
import { registerMediaRoutes } from './storage/media-routes.js';
import { createPreviews } from './previews/previews.js';
import { PREVIEWS_PREFIX } from './previews/preview-links.js';
import { previewRoutes } from './previews/routes.js';
import { inlineScriptHashes } from './web/inline-scripts.js';
import { pageLaneRoute, registerSpa } from './web/spa.js';
import { ONE_HOUR_MS } from './durations.js';

/** Answers under this size are sent as they are: compressing them saves too little. */
const COMPRESS_THRESHOLD_BYTES = 1024;
/**
 * Memory for prepared public profiles (API and page, each with its compressed copies, about 20 KB
 * a person with 10 PBs): some 1,500 of the most visited people per process.
 */
const PUBLIC_ANSWERS_MAX_BYTES = 32 * 1024 * 1024;

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
 * migrates, so tests can inject requests and add routes before the app is started.
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

  // Jobs run in this process unless JOBS_IN_PROCESS=false (then `npm run worker` runs them).
  let jobs: JobRunner | undefined;
  const metrics =
    config.metricsToken === undefined
      ? undefined
      : new AppMetrics(config.jobs.inProcess ? () => jobs?.depth() ?? noJobs() : undefined);
  if (metrics && config.metricsToken) registerMetrics(app, metrics, config.metricsToken);

  echoRequestId(app);
  registerErrorHandling(app);
  refuseNulCharacters(app);
  registerSecurityHeaders(app, securityHeaders);
  const isDraining = closeConnectionsWhileDraining(app);
  guardAgainstStalledBodies(
    app,
    { windowMs: config.timeouts.bodyStallWindowMs, minBytes: config.timeouts.bodyStallMinBytes },
    securityHeaders,
  );
  // Before compression, so it records answers as the routes made them.
  registerIdempotency(app, { repository: new IdempotencyRepository(database.db) });
  await app.register(compress, { threshold: COMPRESS_THRESHOLD_BYTES });
  await app.register(cookie);
  // Read only by the upload routes, which register the plugin in their own scope (below).
  acceptMultipartUnread(app);
  // Limits and throttling shared by every instance when Redis is configured (REDIS_URL).
  const redis = config.redis && connectRedis(config.redis.url, config.redis.keyPrefix, app.log);
  if (redis) {
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => {
        redis.disconnect();
      });
    });
  }
  await app.register(rateLimit, {
    global: false,
    // While Redis is away the per-address limits let requests through: the sign-in and mail
    // counters (RedisAttemptStore) refuse instead, so what needs guarding stays guarded.
    ...(redis ? { redis, nameSpace: 'rate-limit:', skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many attempts. Please try again in ${context.after}.`,
    }),
  });

  const mailer: Mailer =
    deps.mailer ??
    (config.smtpUrl
      ? new SmtpMailer(config.smtpUrl, config.mailFrom)
      : new OutboxMailer(join(config.dataDir, 'outbox'), config.mailFrom, app.log));
  app.addHook('onClose', () => mailer.close?.());
  const storage = deps.storage ?? (await createStorage(config));
  if (!deps.storage && storage.kind === 's3') {
    app.addHook('onClose', () => {
      storage.destroy();
    });
  }
  const serverSecret = resolveJwtSecret({
    jwtSecret: config.jwtSecret,
    dataDir: config.dataDir,
    env: config.env,
  });
  const accessTokens = new AccessTokens(serverSecret, config.publicOrigin);
  // One store for every auth counter; a shared (Redis) store replaces it for several processes.
  const attemptStore = redis ? new RedisAttemptStore(redis) : new MemoryAttemptStore();
  const usersRepository = new UsersRepository(database);
  const authService = new AuthService(
    usersRepository,
    new AuthRepository(database.db),
    accessTokens,
    new RefreshSuccessor(serverSecret),
    mailer,
    storage,
    {
      signIn: new SignInThrottle(attemptStore),
      mailsPerEmail: new AttemptLimiter(5, ONE_HOUR_MS, attemptStore),
    },
    { publicOrigin: config.publicOrigin, supportEmail: config.supportEmail },
  );
  const ffmpeg = requireFfmpeg(config.ffmpegPath);
  const videos = new VideoProcessor(ffmpeg, uploadTmpDir(config.dataDir));
  const pbMedia = new PbMediaStore(storage, videos);
  const pbsRepository = new PbsRepository(database);
  const pbsService = new PbsService(pbsRepository, usersRepository, pbMedia, app.log);
  const dataExportService = new DataExportService(
    new DataExportRepository(database),
    pbsService,
    usersRepository,
    pbMedia,
    storage,
    app.log,
  );
  if (config.jobs.inProcess) {
    const runner = createBackgroundWork({
      config,
      database,
      storage,
      videos,
      log: app.log,
      ...(metrics && { onFinished: metrics.job }),
    });
    jobs = runner;
    app.addHook('onReady', () => {
      runner.start();
    });
    // Running jobs finish (or are cut short and run again later) before the database closes.
    app.addHook('preClose', () => runner.stop());
  }
  const usersService = new UsersService(usersRepository, pbsService, storage, app.log);
  const publicProfileService = new PublicProfileService(
    usersRepository,
    pbsService,
    (key) => storage.url(key),
    fastPath.versionReads,
  );
  const publicProfiles = new PublicProfileAnswers(publicProfileService, {
    maxBytes: PUBLIC_ANSWERS_MAX_BYTES,
    compressThreshold: COMPRESS_THRESHOLD_BYTES,
  });
  const billingService = new BillingService(
    new BillingRepository(database.db, database.dialect),
    usersRepository,
    deps.payments ?? choosePaymentProvider(config.payments),
    mailer,
    app.log,
    { publicOrigin: config.publicOrigin },
  );
  const requireAuth = makeRequireAuth(
    (token) => accessTokens.verify(token),
    (claims) => authService.sessionIsLive(claims.userId, claims.sessionId),
  );
  const secureCookies = config.publicOrigin.startsWith('https:');
  // One limiter for PB media and avatars: the limits are per account, whatever is uploaded.
  const uploads =
    deps.uploads ??
    (redis
      ? new RedisUploadSlots(redis, app.log, config.timeouts.requestMs || ONE_HOUR_MS)
      : new UploadLimiter());

  await app.register(healthRoutes, {
    database,
    ffmpegVersion: () => ffmpegVersion(ffmpeg),
    checks: [
      ...(storage.kind === 's3' ? [{ name: 'storage', ping: () => storage.ping() }] : []),
      ...(redis ? [{ name: 'redis', ping: () => redis.ping() }] : []),
    ],
  });
  await registerMediaRoutes(app, storage);
  // Preview images of public pages; `previews.links` gives a page the addresses of its images.
  const previews = createPreviews({
    storage,
    dataDir: config.dataDir,
    origin: config.publicOrigin,
    log: app.log,
  });
  await app.register(previewRoutes, {
    prefix: PREVIEWS_PREFIX,
    previews,
    profiles: publicProfileService,
  });
  await app.register(
    async (v1) => {
      await v1.register(appConfigRoutes, { config });
      await v1.register(authRoutes, {
        prefix: '/auth',
        auth: authService,
        requireAuth,
        secureCookies,
        publicOrigin: config.publicOrigin,
      });
      // Public, so registered beside (not inside) the signed-in /pbs routes.
      await v1.register(publicProfileRoutes, { prefix: '/pbs', answers: publicProfiles });
      // The routes that read multipart bodies, with the plugin and its hooks in their scope only.
      await v1.register(async (uploading) => {
        await readMultipart(uploading);
        await uploading.register(pbsRoutes, {
          prefix: '/pbs',
          pbs: pbsService,
          requireAuth,
          uploadDir: uploadTmpDir(config.dataDir),
          uploads,
        });
        await uploading.register(usersRoutes, {
          prefix: '/users',
          users: usersService,
          requireAuth,
          secureCookies,
          uploadDir: uploadTmpDir(config.dataDir),
          uploads,
        });
        await uploading.register(dataExportRoutes, {
          prefix: '/users',
          data: dataExportService,
          requireAuth,
          uploadDir: uploadTmpDir(config.dataDir),
          uploads,
          ...(deps.maxImportArchiveBytes && { maxArchiveBytes: deps.maxImportArchiveBytes }),
        });
      });
      await v1.register(billingRoutes, {
        prefix: '/billing',
        billing: billingService,
        requireAuth,
      });
    },
    { prefix: '/v1' },
  );

  if (config.webDistDir) {
    await registerSpa(app, config.webDistDir, {
      answers: publicProfiles,
      origin: config.publicOrigin,
      previews: previews.links,
    });
  } else {
    app.setNotFoundHandler(sendApiNotFound);
  }
  // With the fast path on, kept public answers are served ahead of Fastify from here on.
  fastPath.openLane({
    answers: publicProfiles,
    routes: config.webDistDir ? [apiLaneRoute, pageLaneRoute] : [apiLaneRoute],
    securityHeaders,
    isDraining,
    log: app.log,
  });

  return app;
}

async function noJobs() {
  return { queued: 0, running: 0, parked: 0 };
}
