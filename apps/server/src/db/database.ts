import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { NO_CHANGE_FEED, type ChangeFeed } from './change-feed.js';
import { PostgresChangeFeed } from './postgres-change-feed.js';
import {
  postgresPreparedReads,
  sqlitePreparedReads,
  type PreparedReads,
} from './prepared-reads.js';
import type { DatabaseSchema } from './schema.js';
import { withStatementCache } from './statement-cache.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DatabaseSchema>;
  dialect: Dialect;
  /** Single-row reads that skip Kysely, for hot routes (see prepared-reads.ts). */
  reads: PreparedReads;
  /** Announces committed profile changes across processes, where the database can (PostgreSQL). */
  changes: ChangeFeed;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A postgres:// URL; without one the embedded SQLite file under dataDir is used. */
  databaseUrl?: string | undefined;
  dataDir: string;
}

export const SQLITE_FILE_NAME = 'pbshare.db';

export function openDatabase(options: DatabaseOptions): Database {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openSqlite(join(options.dataDir, SQLITE_FILE_NAME));
}

function openSqlite(file: string): Database {
  mkdirSync(join(file, '..'), { recursive: true });
  const connection = new SqliteDatabase(file);
  // WAL lets readers run beside the single writer; FULL sync trades a little write speed for
  // surviving power loss; the busy timeout rides out a writer holding the lock briefly.
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = FULL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  const db = new Kysely<DatabaseSchema>({
    dialect: new SqliteDialect({ database: withStatementCache(connection) }),
  });
  return wrap(db, 'sqlite', sqlitePreparedReads(file), NO_CHANGE_FEED);
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
  return wrap(db, 'postgres', postgresPreparedReads(pool), new PostgresChangeFeed(url));
}

function wrap(
  db: Kysely<DatabaseSchema>,
  dialect: Dialect,
  reads: PreparedReads,
  changes: ChangeFeed,
): Database {
  let closed = false;
  return {
    db,
    dialect,
    reads,
    changes,
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      if (closed) return;
      closed = true;
      reads.close();
      await changes.close();
      await db.destroy();
    },
  };
}
