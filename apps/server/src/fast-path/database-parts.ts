import { NO_CHANGE_FEED } from '../db/change-feed.js';
import type { Connection, DatabaseParts } from '../db/database.js';
import { PostgresChangeFeed } from './postgres-change-feed.js';
import { postgresPreparedReads, sqlitePreparedReads } from './prepared-reads.js';

/** The fast path's driver reads and, on PostgreSQL, the change feed, built on a new connection. */
export function fastPathDatabaseParts(connection: Connection): DatabaseParts {
  return connection.dialect === 'sqlite'
    ? { reads: sqlitePreparedReads(connection.file), changes: NO_CHANGE_FEED }
    : {
        reads: postgresPreparedReads(connection.pool),
        changes: new PostgresChangeFeed(connection.url),
      };
}
