import { pino } from 'pino';
import { ConfigError, loadConfig, loadDotEnv } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { uploadTmpDir } from './media/stale-uploads.js';
import { PbsRepository } from './modules/pbs/repository.js';
import { backfillVideos } from './modules/pbs/video-backfill.js';
import { createStorage } from './storage/create-storage.js';

/**
 * `npm run media:backfill`: queues a rendition for every video stored before processing
 * existed (modules/pbs/video-backfill.ts). The web process or `npm run worker` processes them.
 */
async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    const storage = await createStorage(config);
    const result = await backfillVideos({
      pbs: new PbsRepository(database),
      storage,
      tmpDir: uploadTmpDir(config.dataDir),
      log,
    });
    log.info(result, 'video backfill done: the queued videos are processed by the job workers');
    if (storage.kind === 's3') storage.destroy();
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : `Video backfill failed: ${String(err)}`);
  process.exit(1);
});
