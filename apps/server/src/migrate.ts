import { ConfigError, loadConfig, loadDotEnv } from './config.js';
import { openDatabase } from './open-database.js';
import { migrateToLatest } from './db/migrate.js';

/** `npm run migrate`: applies pending migrations and exits, for deploys that migrate separately. */
async function run(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const applied = await migrateToLatest(database.db);
    const summary = applied.length ? `applied ${applied.join(', ')}` : 'already up to date';
    process.stdout.write(`Database (${database.dialect}): ${summary}\n`);
  } finally {
    await database.close();
  }
}

run().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
