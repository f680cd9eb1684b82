import { pino } from 'pino';
import { createBackgroundWork } from './background-work.js';
import { exitOnSignals, openRuntime, runEntry } from './entry.js';
import { uploadTmpDir } from './media/stale-uploads.js';
import { ffmpegVersion, requireFfmpeg } from './media/video/ffmpeg-binaries.js';
import { VideoProcessor } from './media/video/video-processor.js';

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
  const jobs = createBackgroundWork({ config, database, storage, videos, log });
  jobs.start();
  exitOnSignals(log, config.shutdownTimeoutMs, 'worker', async () => {
    await jobs.stop();
    await database.close();
  });
  log.info(
    { ffmpeg: await ffmpegVersion(ffmpeg), queue: config.redis ? 'bullmq' : 'table' },
    'PBShare worker is up',
  );
}

runEntry('PBShare worker', main);
