import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { createJobRunner, type JobOutcome, type JobRunner } from './jobs/jobs.js';
import { createMailer } from './mail/create-mailer.js';
import type { Mailer } from './mail/mailer.js';
import { sendMailJob } from './mail/send-mail-job.js';
import { uploadTmpDir } from './media/stale-uploads.js';
import { UploadLimiter, type UploadSlots } from './media/upload-limiter.js';
import type { VideoProcessor } from './media/video/video-processor.js';
import { accountMailJob } from './modules/auth/account-mail-job.js';
import { AuthRepository } from './modules/auth/repository.js';
import { importWork } from './modules/data-export/import-work.js';
import { PbsRepository } from './modules/pbs/repository.js';
import { videoJob } from './modules/pbs/video-job.js';
import type { Storage } from './storage/storage.js';
import { UsersRepository } from './modules/users/repository.js';

export interface BackgroundWorkDeps {
  config: Config;
  database: Database;
  storage: Storage;
  videos: VideoProcessor;
  log: FastifyBaseLogger;
  /** The web process's mailer when jobs run in it; else one is made from the config. */
  mailer?: Mailer;
  /** The upload routes' per-account slots, which imports take too; a worker of its own has none. */
  uploads?: UploadSlots;
  onFinished?: (outcome: JobOutcome) => void;
}

/**
 * The job runner with every kind of background work: what the web process runs in-process
 * (JOBS_IN_PROCESS) and what `npm run worker` runs on its own. BullMQ when Redis is configured.
 */
export function createBackgroundWork(deps: BackgroundWorkDeps): JobRunner {
  const { config, database } = deps;
  const mailer = deps.mailer ?? createMailer(config, deps.log);
  return createJobRunner({
    database,
    definitions: [
      accountMailJob({
        users: new UsersRepository(database),
        auth: new AuthRepository(database.db),
        mailer,
        publicOrigin: config.publicOrigin,
      }),
      sendMailJob(mailer),
      videoJob({
        pbs: new PbsRepository(database),
        storage: deps.storage,
        videos: deps.videos,
        tmpDir: uploadTmpDir(config.dataDir),
        log: deps.log,
      }),
      importWork({
        database,
        storage: deps.storage,
        videos: deps.videos,
        users: new UsersRepository(database),
        slots: deps.uploads ?? new UploadLimiter(),
        tmpDir: uploadTmpDir(config.dataDir),
        log: deps.log,
      }),
    ],
    concurrency: config.jobs.concurrency,
    pollMs: config.jobs.pollMs,
    backoffMs: config.jobs.backoffMs,
    leaseMs: config.jobs.leaseMs,
    log: deps.log,
    ...(config.redis && { redis: config.redis }),
    ...(deps.onFinished && { onFinished: deps.onFinished }),
  });
}
