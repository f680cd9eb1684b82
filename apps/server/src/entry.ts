import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig, loadDotEnv, type Config } from './config.js';
import { type Database } from './db/database.js';
import { openDatabase } from './open-database.js';
import { migrateToLatest } from './db/migrate.js';
import { createStorage, type AppStorage } from './storage/create-storage.js';

/** What the server, the worker and the backfill all start from. */
export interface Runtime {
  config: Config;
  database: Database;
  storage: AppStorage;
}

/** Reads `.env` and the settings, opens and migrates the database, and opens the media store. */
export async function openRuntime(): Promise<Runtime> {
  loadDotEnv();
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db);
  return { config, database, storage: await createStorage(config) };
}

/** Runs an entry point: a bad setting prints its own message, anything else what failed. */
export function runEntry(name: string, main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    if (err instanceof ConfigError) console.error(err.message);
    else console.error(`${name} failed to start:`, err);
    process.exit(1);
  });
}

/**
 * On SIGTERM or SIGINT, once: `close` finishes what is in flight, then the process exits 0 (1 if
 * closing failed or took longer than `timeoutMs`, so nothing that never ends keeps it alive).
 */
export function exitOnSignals(
  log: FastifyBaseLogger,
  timeoutMs: number,
  what: string,
  close: () => Promise<void>,
): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, `${what} shutting down: finishing what is in flight`);
    setTimeout(() => {
      log.error(`${what} shutdown timed out; exiting`);
      process.exit(1);
    }, timeoutMs).unref();
    close().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, `error while shutting down the ${what}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
