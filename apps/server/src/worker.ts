import { pino } from 'pino';
import { createBackgroundWork } from './background-work.js';
import { ConfigError, loadConfig, loadDotEnv } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { uploadTmpDir } from './media/stale-uploads.js';
import { ffmpegVersion, requireFfmpeg } from './media/video/ffmpeg-binaries.js';
import { VideoProcessor } from './media/video/video-processor.js';
import { createStorage } from './storage/create-storage.js';

/**
 * `npm run worker`: runs the background jobs (video processing) in a process of their own, for
 * web processes started with JOBS_IN_PROCESS=false. Same settings as the server; SIGTERM lets
 * running jobs finish (within SHUTDOWN_TIMEOUT_MS) and a job cut short runs again elsewhere.
 */
async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db);
  const storage = await createStorage(config);
  const ffmpeg = requireFfmpeg(config.ffmpegPath);
  const videos = new VideoProcessor(ffmpeg, uploadTmpDir(config.dataDir));
  const jobs = createBackgroundWork({ config, database, storage, videos, log });
  jobs.start();
  log.info(
    { ffmpeg: await ffmpegVersion(ffmpeg), queue: config.redis ? 'bullmq' : 'table' },
    'PBShare worker is up',
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'worker shutting down: finishing running jobs');
    setTimeout(() => {
      log.error('worker shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    jobs
      .stop()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          log.error({ err }, 'error while shutting down the worker');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err: unknown) => {
  console.error(
    err instanceof ConfigError ? err.message : `PBShare worker failed to start: ${String(err)}`,
  );
  process.exit(1);
});
