import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDependencies } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Database } from '../db/database.js';
import { createTestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** An app over a fresh database, not listening: drive it with `app.inject`. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  deps: Omit<AppDependencies, 'database'> = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: testDb.dataDir }),
    databaseUrl: testDb.databaseUrl,
    webDistDir: undefined,
    ...overrides,
  };
  const app = await buildApp(config, { ...deps, database: testDb.database });
  return {
    app,
    database: testDb.database,
    config,
    async close() {
      await app.close();
      await testDb.cleanup();
    },
  };
}
