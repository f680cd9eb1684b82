// First, so V8 is set up before any other module runs (docs/decisions/0010).
import './v8-settings.js';
import { buildApp } from './app.js';
import { exitOnSignals, openRuntime, runEntry } from './entry.js';
import { startJobSweep } from './jobs/job-sweep.js';
import { startMediaSweeps } from './media/media-sweeps.js';
import { uploadTmpDir } from './media/stale-uploads.js';
import { startUploadSweep } from './modules/uploads/index.js';
import { startPreviewCacheSweeps } from './previews/cache-sweeps.js';

async function main(): Promise<void> {
  const { config, database, storage } = await openRuntime();
  const app = await buildApp(config, { database, storage });
  if (!config.webDistDir) {
    app.log.warn('no web build found: serving the API only (run `npm run build` for the app)');
  }

  // Temp uploads and media files a crash left behind: at start, then hourly.
  startMediaSweeps({
    dataDir: config.dataDir,
    storage,
    db: database.db,
    log: app.log,
  });
  // Resumable uploads 24 h old, unfinished or never used: at start, then hourly.
  startUploadSweep({
    db: database.db,
    storage,
    tmpDir: uploadTmpDir(config.dataDir),
    log: app.log,
  });
  // Preview images nobody has asked for in 30 days: at start, then hourly.
  startPreviewCacheSweeps(config.dataDir, app.log);
  // Finished background jobs older than a week: at start, then hourly.
  startJobSweep(database.db, app.log);

  // Requests in flight finish, then the database closes (app.ts's onClose hook).
  exitOnSignals(app.log, config.shutdownTimeoutMs, 'PBShare', () => app.close());

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ origin: config.publicOrigin, database: database.dialect }, 'PBShare is up');
}

runEntry('PBShare', main);
