import type { SqliteDatabase, SqliteStatement } from 'kysely';

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
  const statements = new Map<string, SqliteStatement>();
  return {
    close() {
      statements.clear();
      connection.close();
    },
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached) {
        // Map keeps insertion order: re-inserting marks it most recently used.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = connection.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > capacity) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      return statement;
    },
  };
}
