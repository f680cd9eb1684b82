import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppServices } from './app-services.js';
import type { AppDependencies } from './app.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { PublicFastPath } from './fast-path/index.js';
import { sendApiNotFound } from './http/error-handler.js';
import { readMultipart } from './http/multipart.js';
import { storeNoApiAnswers } from './http/no-store.js';
import { uploadTmpDir } from './media/stale-uploads.js';
import { ffmpegVersion } from './media/video/ffmpeg-binaries.js';
import { appConfigRoutes } from './modules/app-config/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { deviceRoutes } from './modules/auth/devices/routes.js';
import { twoStepRoutes } from './modules/auth/two-step/routes.js';
import { passkeyRoutes } from './modules/auth/passkeys/routes.js';
import { billingRoutes } from './modules/billing/routes.js';
import { dataExportRoutes } from './modules/data-export/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { moderationRoutes } from './modules/moderation/index.js';
import { pbsRoutes } from './modules/pbs/routes.js';
import { uploadsRoutes } from './modules/uploads/index.js';
import { apiLaneRoute, publicProfileRoutes } from './modules/public-profile/routes.js';
import { usersRoutes } from './modules/users/routes.js';
import { createPreviews } from './previews/previews.js';
import { PREVIEWS_PREFIX } from './previews/preview-links.js';
import { ownStoryRoute } from './previews/own-story-route.js';
import type { Previews } from './previews/previews.js';
import { previewRoutes } from './previews/routes.js';
import type { SecurityHeaders } from './http/security.js';
import { registerMediaRoutes } from './storage/media-routes.js';
import { pageLaneRoute, registerSpa } from './web/spa.js';

interface RouteInputs {
  config: Config;
  deps: AppDependencies;
  database: Database;
  redis: Redis | undefined;
  services: AppServices;
  fastPath: PublicFastPath;
  securityHeaders: SecurityHeaders;
  isDraining: () => boolean;
}

/** Health, media, previews, the /v1 API, then the web app and, last, the fast path's lane. */
export async function registerRoutes(app: FastifyInstance, inputs: RouteInputs): Promise<void> {
  const { config, database, redis, services, fastPath } = inputs;
  const { storage } = services;
  storeNoApiAnswers(app);
  await app.register(healthRoutes, {
    database,
    ffmpegVersion: () => ffmpegVersion(services.ffmpeg),
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
    profiles: services.publicProfiles,
  });
  await app.register((v1) => registerApi(v1, inputs, previews), { prefix: '/v1' });

  if (config.webDistDir) {
    await registerSpa(app, config.webDistDir, {
      answers: services.publicAnswers,
      origin: config.publicOrigin,
      previews: previews.links,
    });
  } else {
    app.setNotFoundHandler(sendApiNotFound);
  }
  // With the fast path on, kept public answers are served ahead of Fastify from here on.
  fastPath.openLane({
    answers: services.publicAnswers,
    routes: config.webDistDir ? [apiLaneRoute, pageLaneRoute] : [apiLaneRoute],
    securityHeaders: inputs.securityHeaders,
    isDraining: inputs.isDraining,
    log: app.log,
  });
}

async function registerApi(
  v1: FastifyInstance,
  { config, deps, services }: RouteInputs,
  previews: Previews,
): Promise<void> {
  const { requireAuth, uploads } = services;
  const uploadDir = uploadTmpDir(config.dataDir);
  const secureCookies = config.publicOrigin.startsWith('https:');
  await v1.register(appConfigRoutes, { config });
  await v1.register(authRoutes, {
    prefix: '/auth',
    auth: services.auth,
    requireAuth,
    secureCookies,
    publicOrigin: config.publicOrigin,
  });
  await v1.register(deviceRoutes, { prefix: '/auth', devices: services.devices, requireAuth });
  await v1.register(twoStepRoutes, {
    prefix: '/auth',
    twoStep: services.twoStep,
    auth: services.auth,
    requireAuth,
    secureCookies,
  });
  await v1.register(passkeyRoutes, {
    prefix: '/auth',
    passkeys: services.passkeys,
    requireAuth,
    secureCookies,
  });
  // Public, so registered beside (not inside) the signed-in /pbs routes.
  await v1.register(publicProfileRoutes, { prefix: '/pbs', answers: services.publicAnswers });
  // The routes that read multipart bodies, with the plugin and its hooks in their scope only.
  await v1.register(async (uploading) => {
    await readMultipart(uploading);
    await uploading.register(pbsRoutes, {
      prefix: '/pbs',
      pbs: services.pbs,
      requireAuth,
      uploadDir,
      uploads,
      finishedUploads: services.resumableUploads.service,
    });
    await uploading.register(usersRoutes, {
      prefix: '/users',
      users: services.users,
      requireAuth,
      secureCookies,
      uploadDir,
      uploads,
    });
    await uploading.register(dataExportRoutes, {
      prefix: '/users',
      data: services.dataExport,
      requireAuth,
      uploadDir,
      uploads,
      ...(deps.maxImportArchiveBytes && { maxArchiveBytes: deps.maxImportArchiveBytes }),
    });
  });
  // tus reads its own bodies (application/offset+octet-stream), outside the multipart scope.
  await v1.register(uploadsRoutes, {
    prefix: '/uploads',
    uploads: services.resumableUploads.service,
    store: services.resumableUploads.store,
    caller: services.resumableUploads.caller,
    requireAuth,
  });
  await v1.register(ownStoryRoute, {
    previews,
    sources: { pbs: services.pbs, users: services.users },
    requireAuth,
  });
  await v1.register(billingRoutes, {
    prefix: '/billing',
    billing: services.billing,
    requireAuth,
  });
  // /reports, /admin/... and /moderation/...
  await v1.register(moderationRoutes, { ...services.moderation, requireAuth });
}
