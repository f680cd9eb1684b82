import { pino } from 'pino';
import { openRuntime, runEntry } from './entry.js';
import { uploadTmpDir } from './media/stale-uploads.js';
import { PbsRepository } from './modules/pbs/repository.js';
import { backfillVideos } from './modules/pbs/video-backfill.js';
import { measureVideoLengths } from './modules/pbs/video-lengths.js';

/**
 * `npm run media:backfill`: queues a rendition for every video stored before processing
 * existed (modules/pbs/video-backfill.ts; the web process or `npm run worker` processes them,
 * learning each one's length), then measures the videos kept before lengths were
 * (modules/pbs/video-lengths.ts).
 */
async function main(): Promise<void> {
  const { config, database, storage } = await openRuntime();
  const log = pino({ level: config.logLevel });
  try {
    const deps = {
      pbs: new PbsRepository(database),
      storage,
      tmpDir: uploadTmpDir(config.dataDir),
      log,
    };
    const result = await backfillVideos(deps);
    log.info(result, 'video backfill done: the queued videos are processed by the job workers');
    log.info(await measureVideoLengths(deps), 'video lengths done');
  } finally {
    if (storage.kind === 's3') storage.destroy();
    await database.close();
  }
}

runEntry('Video backfill', main);
