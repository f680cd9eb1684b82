import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from '@pbshare/sqlite';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { ChangeFeed } from './change-feed.js';
import type { PreparedReads } from './prepared-read.js';
import type { DatabaseSchema } from './schema.js';
import { withStatementCache } from './statement-cache.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DatabaseSchema>;
  dialect: Dialect;
  /** Single-row reads that skip Kysely, for hot routes (made by the fast path). */
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

/** The driver-level connection, for the parts built on it beside Kysely. */
export type Connection =
  { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; pool: pg.Pool; url: string };

/** What the fast path adds on the connection: its driver reads and the change feed. */
export interface DatabaseParts {
  reads: PreparedReads;
  changes: ChangeFeed;
}

/**
 * Opens the database with `parts` built on its connection. The composition root supplies the
 * parts (open-database.ts), so this folder never depends on the code that uses them.
 */
export function connectDatabase(
  options: DatabaseOptions,
  parts: (connection: Connection) => DatabaseParts,
): Database {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, parts)
    : openSqlite(join(options.dataDir, SQLITE_FILE_NAME), parts);
}

function openSqlite(file: string, parts: (c: Connection) => DatabaseParts): Database {
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
  return wrap(db, 'sqlite', parts({ dialect: 'sqlite', file }));
}

function openPostgres(url: string, parts: (c: Connection) => DatabaseParts): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
  return wrap(db, 'postgres', parts({ dialect: 'postgres', pool, url }));
}

function wrap(
  db: Kysely<DatabaseSchema>,
  dialect: Dialect,
  { reads, changes }: DatabaseParts,
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
