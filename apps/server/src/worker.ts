import { pino } from 'pino';
import { createBackgroundWork } from './background-work.js';
import { exitOnSignals, openRuntime, runEntry } from './entry.js';
import { uploadTmpDir } from './media/stale-uploads.js';
import { ffmpegVersion, requireFfmpeg } from './media/video/ffmpeg-binaries.js';
import { VideoProcessor } from './media/video/video-processor.js';
import { ONE_HOUR_MS } from './durations.js';
import { connectRedis } from './redis/redis-client.js';
import { RedisUploadSlots } from './redis/redis-upload-slots.js';

/**
 * `npm run worker`: runs the background jobs (video processing) in a process of their own, for
 * web processes started with JOBS_IN_PROCESS=false. Same settings as the server; SIGTERM lets
 * running jobs finish (within SHUTDOWN_TIMEOUT_MS) and a job cut short runs again elsewhere.
 */
async function main(): Promise<void> {
  const { config, database, storage } = await openRuntime();
  const log = pino({ level: config.logLevel });
  const ffmpeg = requireFfmpeg(config.ffmpegPath);
  const videos = new VideoProcessor(ffmpeg, uploadTmpDir(config.dataDir));
  // With a fleet's Redis, imports run here take the same per-account upload slots as the web
  // processes' uploads; alone, the worker's own limiter is enough.
  const redis = config.redis && connectRedis(config.redis.url, config.redis.keyPrefix, log);
  const uploads =
    redis && new RedisUploadSlots(redis, log, config.timeouts.requestMs || ONE_HOUR_MS);
  const jobs = createBackgroundWork({
    config,
    database,
    storage,
    videos,
    log,
    ...(uploads && { uploads }),
  });
  jobs.start();
  exitOnSignals(log, config.shutdownTimeoutMs, 'worker', async () => {
    await jobs.stop();
    if (redis) await redis.quit();
    await database.close();
  });
  log.info(
    { ffmpeg: await ffmpegVersion(ffmpeg), queue: config.redis ? 'bullmq' : 'table' },
    'PBShare worker is up',
  );
}

runEntry('PBShare worker', main);
