import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { LRUCache } from 'lru-cache';

/**
 * better-sqlite3 behind Kysely, with compiled statements kept for reuse. Kysely prepares every
 * query afresh, and on a hot read such as the public profile preparing costs about as much as
 * running it (a CPU profile of `npm run bench` put `prepare` at 11% of the server's time). Kysely
 * emits the same SQL text for the same query shape, so a small LRU keyed by that text catches
 * nearly every call; queries whose text varies (IN lists of different lengths) just take a slot.
 */
export function withStatementCache(
  connection: { close(): unknown; prepare(sql: string): SqliteStatement },
  capacity = 200,
): SqliteDatabase {
  // lru-cache rather than a Map re-inserted on each use: that churn had V8 keep every rebuilt
  // table of a lasting Map past its young generation
  // (docs/decisions/0009-lru-cache-for-hot-caches.md).
  const statements = new LRUCache<string, SqliteStatement>({ max: capacity });
  return {
    close() {
      statements.clear();
      connection.close();
    },
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = connection.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
