import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Database } from '../db/database.js';
import { openDatabase } from '../open-database.js';
import { migrateToLatest } from '../db/migrate.js';

export interface TestDatabase {
  database: Database;
  /** A fresh folder for files the app writes (SQLite file, media, outbox). */
  dataDir: string;
  /** The PostgreSQL URL of this database, when the dialect is postgres. */
  databaseUrl: string | undefined;
  cleanup(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a temp SQLite file, or, when the project runs with
 * TEST_DIALECT=postgres, a brand-new database created on the TEST_DATABASE_URL server and dropped
 * afterwards. Tests never share state, so files can run in parallel.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pbshare-test-'));
  const databaseUrl =
    process.env.TEST_DIALECT === 'postgres' ? await createPgDatabase() : undefined;
  const database = openDatabase({ databaseUrl, dataDir });
  await migrateToLatest(database.db);

  return {
    database,
    dataDir,
    databaseUrl,
    async cleanup() {
      await database.close();
      if (databaseUrl) await dropPgDatabase(databaseUrl);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DIALECT=postgres needs TEST_DATABASE_URL');
  return url;
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function createPgDatabase(): Promise<string> {
  const name = `pbshare_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropPgDatabase(databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  await withAdmin(async (c) => {
    // A closed pool's last connections may still be saying goodbye; forcing them closed then
    // raises an unhandled "terminating connection" error in the test process. Give them a moment.
    for (let attempt = 0; attempt < 20; attempt++) {
      const open = await c.query('SELECT 1 FROM pg_stat_activity WHERE datname = $1', [name]);
      if (open.rowCount === 0) break;
      await new Promise((done) => setTimeout(done, 50));
    }
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}
