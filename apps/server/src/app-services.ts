import { join } from 'node:path';
import { REPORTS_PER_ACCOUNT_PER_DAY } from '@pbshare/shared';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppDependencies } from './app.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { ONE_DAY_MS, ONE_HOUR_MS } from './durations.js';
import { PublicProfileAnswers, type PublicFastPath } from './fast-path/index.js';
import { AttemptLimiter } from './http/attempt-limiter.js';
import { makeRequireAuth, type RequireAuth } from './http/auth-guard.js';
import { SignInThrottle } from './http/sign-in-throttle.js';
import type { JobRunner } from './jobs/jobs.js';
import type { Mailer } from './mail/mailer.js';
import { OutboxMailer } from './mail/outbox-mailer.js';
import { SmtpMailer } from './mail/smtp-mailer.js';
import { PbMediaStore } from './media/pb-media.js';
import { uploadTmpDir } from './media/stale-uploads.js';
import { UploadLimiter, type UploadSlots } from './media/upload-limiter.js';
import { requireFfmpeg, type FfmpegBinaries } from './media/video/ffmpeg-binaries.js';
import { VideoProcessor } from './media/video/video-processor.js';
import type { AppMetrics } from './metrics/metrics.js';
import { AuthRepository } from './modules/auth/repository.js';
import { AuthService } from './modules/auth/service.js';
import { DevicesRepository } from './modules/auth/devices/repository.js';
import { DevicesService } from './modules/auth/devices/service.js';
import { enqueueMail } from './mail/send-mail-job.js';
import { TwoStepRepository } from './modules/auth/two-step/repository.js';
import { TwoStepService } from './modules/auth/two-step/service.js';
import { SecretBox } from './security/secret-box.js';
import { createPasskeys } from './modules/auth/passkeys/create-passkeys.js';
import type { PasskeysService } from './modules/auth/passkeys/service.js';
import { BillingRepository } from './modules/billing/repository.js';
import { BillingService } from './modules/billing/service.js';
import { DataExportRepository } from './modules/data-export/repository.js';
import { DataExportService } from './modules/data-export/service.js';
import { createModeration, type Moderation } from './modules/moderation/index.js';
import { PbsRepository } from './modules/pbs/repository.js';
import { PbsService } from './modules/pbs/service.js';
import { PublicProfileService } from './modules/public-profile/service.js';
import { UsersRepository } from './modules/users/repository.js';
import { UsersService } from './modules/users/service.js';
import { createUploads, type Uploads } from './modules/uploads/index.js';
import { choosePaymentProvider } from './payments/choose-provider.js';
import { RedisAttemptStore } from './redis/redis-attempt-store.js';
import { RedisUploadSlots } from './redis/redis-upload-slots.js';
import { AccessTokens } from './security/access-token.js';
import { MemoryAttemptStore } from './security/attempt-store.js';
import { resolveJwtSecret } from './security/jwt-secret.js';
import { RefreshSuccessor } from './security/refresh-successor.js';
import { createBackgroundWork } from './background-work.js';
import { COMPRESS_THRESHOLD_BYTES } from './app-platform.js';
import { createStorage, type AppStorage } from './storage/create-storage.js';

/**
 * Memory for prepared public profiles (API and page, each with its compressed copies, about 20 KB
 * a person with 10 PBs): some 1,500 of the most visited people per process.
 */
const PUBLIC_ANSWERS_MAX_BYTES = 32 * 1024 * 1024;

export interface AppServices {
  storage: AppStorage;
  ffmpeg: FfmpegBinaries;
  auth: AuthService;
  devices: DevicesService;
  twoStep: TwoStepService;
  passkeys: PasskeysService;
  pbs: PbsService;
  users: UsersService;
  dataExport: DataExportService;
  billing: BillingService;
  publicProfiles: PublicProfileService;
  publicAnswers: PublicProfileAnswers;
  /** Reports, the admins' queue and actions, the owners' decisions and appeals. */
  moderation: Moderation;
  requireAuth: RequireAuth;
  /** One limiter for PB media and avatars: the limits are per account, whatever is uploaded. */
  uploads: UploadSlots;
  /** Resumable uploads: the tus store and the rules around it. */
  resumableUploads: Uploads;
  /** The job runner when jobs run in this process (JOBS_IN_PROCESS), else undefined. */
  jobs: JobRunner | undefined;
}

interface ServiceInputs {
  config: Config;
  deps: AppDependencies;
  database: Database;
  redis: Redis | undefined;
  fastPath: PublicFastPath;
  metrics: AppMetrics | undefined;
}

/** The object graph: every service with what it depends on, and the hooks that close them. */
export async function buildServices(
  app: FastifyInstance,
  { config, deps, database, redis, fastPath, metrics }: ServiceInputs,
): Promise<AppServices> {
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
  const authRepository = new AuthRepository(database.db);
  const devices = new DevicesService(
    new DevicesRepository(database.db),
    authRepository,
    (message) => enqueueMail(database.db, message),
    config.publicOrigin,
  );
  const signInThrottle = new SignInThrottle(attemptStore);
  const twoStep = new TwoStepService(
    new TwoStepRepository(database.db),
    usersRepository,
    new SecretBox(serverSecret, 'totp-secret'),
    new AccessTokens(serverSecret, config.publicOrigin, 'pbshare-second-step'),
    signInThrottle,
  );
  const auth = new AuthService(
    usersRepository,
    authRepository,
    accessTokens,
    new RefreshSuccessor(serverSecret),
    mailer,
    storage,
    {
      signIn: signInThrottle,
      mailsPerEmail: new AttemptLimiter(5, ONE_HOUR_MS, attemptStore),
    },
    { publicOrigin: config.publicOrigin, supportEmail: config.supportEmail },
    { devices, twoStep },
  );
  const ffmpeg = requireFfmpeg(config.ffmpegPath);
  const videos = new VideoProcessor(ffmpeg, uploadTmpDir(config.dataDir));
  const pbMedia = new PbMediaStore(storage, videos);
  const pbs = new PbsService(new PbsRepository(database), usersRepository, pbMedia, app.log);
  const uploadSlots: UploadSlots =
    deps.uploads ??
    (redis
      ? new RedisUploadSlots(redis, app.log, config.timeouts.requestMs || ONE_HOUR_MS)
      : new UploadLimiter());
  const resumableUploads = createUploads({
    db: database.db,
    storage,
    tmpDir: uploadTmpDir(config.dataDir),
    slots: uploadSlots,
    assertStorageLeft: (userId) => pbs.assertStorageLeft(userId),
    ...(metrics && { onStored: metrics.uploadStored }),
  });
  const users = new UsersService(usersRepository, pbs, storage, app.log);
  const publicProfiles = new PublicProfileService(
    usersRepository,
    pbs,
    (key) => storage.url(key),
    fastPath.versionReads,
  );
  return {
    storage,
    ffmpeg,
    auth,
    devices,
    twoStep,
    passkeys: createPasskeys(database.db, usersRepository, auth, config.publicOrigin),
    pbs,
    users,
    dataExport: new DataExportService(
      new DataExportRepository(database),
      pbs,
      usersRepository,
      pbMedia,
      storage,
      app.log,
    ),
    billing: new BillingService(
      new BillingRepository(database.db, database.dialect),
      usersRepository,
      deps.payments ?? choosePaymentProvider(config.payments),
      mailer,
      app.log,
      { publicOrigin: config.publicOrigin },
    ),
    publicProfiles,
    publicAnswers: new PublicProfileAnswers(publicProfiles, {
      maxBytes: PUBLIC_ANSWERS_MAX_BYTES,
      compressThreshold: COMPRESS_THRESHOLD_BYTES,
    }),
    moderation: createModeration({
      db: database.db,
      users: usersRepository,
      accounts: users,
      pbs,
      reportsPerAccount: new AttemptLimiter(REPORTS_PER_ACCOUNT_PER_DAY, ONE_DAY_MS, attemptStore),
      mediaUrl: (key) => storage.url(key),
      options: { publicOrigin: config.publicOrigin, supportEmail: config.supportEmail },
    }),
    requireAuth: makeRequireAuth(
      (token) => accessTokens.verify(token),
      (claims) => auth.sessionIsLive(claims.userId, claims.sessionId),
    ),
    uploads: uploadSlots,
    resumableUploads,
    jobs: config.jobs.inProcess
      ? startBackgroundWork(app, {
          config,
          database,
          storage,
          videos,
          metrics,
          mailer,
          uploads: uploadSlots,
        })
      : undefined,
  };
}

function startBackgroundWork(
  app: FastifyInstance,
  inputs: Omit<Parameters<typeof createBackgroundWork>[0], 'log' | 'onFinished'> & {
    metrics: AppMetrics | undefined;
  },
): JobRunner {
  const { metrics, ...deps } = inputs;
  const runner = createBackgroundWork({
    ...deps,
    log: app.log,
    ...(metrics && { onFinished: metrics.job }),
  });
  app.addHook('onReady', () => {
    runner.start();
  });
  // Running jobs finish (or are cut short and run again later) before the database closes.
  app.addHook('preClose', () => runner.stop());
  return runner;
}
