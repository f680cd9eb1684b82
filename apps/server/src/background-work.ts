import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { createJobRunner, type JobOutcome, type JobRunner } from './jobs/jobs.js';
import { uploadTmpDir } from './media/stale-uploads.js';
import type { VideoProcessor } from './media/video/video-processor.js';
import { PbsRepository } from './modules/pbs/repository.js';
import { videoJob } from './modules/pbs/video-job.js';
import type { Storage } from './storage/storage.js';

export interface BackgroundWorkDeps {
  config: Config;
  database: Database;
  storage: Storage;
  videos: VideoProcessor;
  log: FastifyBaseLogger;
  onFinished?: (outcome: JobOutcome) => void;
}

/**
 * The job runner with every kind of background work: what the web process runs in-process
 * (JOBS_IN_PROCESS) and what `npm run worker` runs on its own. BullMQ when Redis is configured.
 */
export function createBackgroundWork(deps: BackgroundWorkDeps): JobRunner {
  const { config, database } = deps;
  return createJobRunner({
    database,
    definitions: [
      videoJob({
        pbs: new PbsRepository(database),
        storage: deps.storage,
        videos: deps.videos,
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
