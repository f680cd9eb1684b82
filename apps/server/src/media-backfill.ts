import { pino } from 'pino';
import { openRuntime, runEntry } from './entry.js';
import { uploadTmpDir } from './media/stale-uploads.js';
import { PbsRepository } from './modules/pbs/repository.js';
import { backfillVideos } from './modules/pbs/video-backfill.js';

/**
 * `npm run media:backfill`: queues a rendition for every video stored before processing
 * existed (modules/pbs/video-backfill.ts). The web process or `npm run worker` processes them.
 */
async function main(): Promise<void> {
  const { config, database, storage } = await openRuntime();
  const log = pino({ level: config.logLevel });
  try {
    const result = await backfillVideos({
      pbs: new PbsRepository(database),
      storage,
      tmpDir: uploadTmpDir(config.dataDir),
      log,
    });
    log.info(result, 'video backfill done: the queued videos are processed by the job workers');
  } finally {
    if (storage.kind === 's3') storage.destroy();
    await database.close();
  }
}

runEntry('Video backfill', main);
