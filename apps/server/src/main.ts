// First, so V8 is set up before any other module runs (v8-flags.ts says why).
import './v8-settings.js';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, loadDotEnv } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { startJobSweep } from './jobs/job-sweep.js';
import { startMediaSweeps } from './media/media-sweeps.js';
import { startPreviewCacheSweeps } from './previews/cache-sweeps.js';
import { createStorage } from './storage/create-storage.js';

async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db);

  const storage = await createStorage(config);
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
  // Preview images nobody has asked for in 30 days: at start, then hourly.
  startPreviewCacheSweeps(config.dataDir, app.log);
  // Finished background jobs older than a week: at start, then hourly.
  startJobSweep(database.db, app.log);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // A request that never ends must not keep the process alive forever.
    setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ origin: config.publicOrigin, database: database.dialect }, 'PBShare is up');
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('PBShare failed to start:', err);
  }
  process.exit(1);
});
