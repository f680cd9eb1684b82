import SqliteDatabase from '@pbshare/sqlite';
import type pg from 'pg';
import type { PreparedRead, PreparedReads, ReadParameter } from '../db/prepared-read.js';

/**
 * SQLite: a connection of its own, so a read never runs inside a transaction Kysely holds open on
 * the main connection (it would see that transaction's uncommitted writes). In WAL mode each read
 * sees every commit made before it, by this process or another. The connection is opened, and
 * each statement compiled, on first use: the app is built before the migrations run.
 */
export function sqlitePreparedReads(file: string): PreparedReads {
  let connection: SqliteDatabase.Database | undefined;
  let closed = false;
  const open = () => {
    // A read that comes in after close (a request still in flight at shutdown) must fail like
    // the app's other queries, not open the file again.
    if (closed) throw new Error('The database is closed.');
    if (!connection) {
      connection = new SqliteDatabase(file, { fileMustExist: true });
      connection.pragma('busy_timeout = 5000');
    }
    return connection;
  };
  return {
    prepare<Row>(sql: string): PreparedRead<Row> {
      let statement: SqliteDatabase.Statement<ReadParameter[], Row> | undefined;
      return (...parameters) => {
        const db = open();
        statement ??= db.prepare<ReadParameter[], Row>(sql);
        return statement.get(...parameters);
      };
    },
    close() {
      closed = true;
      connection?.close();
      connection = undefined;
    },
  };
}

/**
 * PostgreSQL: named statements on the app's pool, so each connection parses and plans the SQL
 * once (Kysely's are unnamed: parsed and planned again on every run).
 */
export function postgresPreparedReads(pool: pg.Pool): PreparedReads {
  let count = 0;
  return {
    prepare<Row>(sql: string): PreparedRead<Row> {
      count += 1;
      const name = `pbshare_read_${count}`;
      let index = 0;
      const text = sql.replace(/\?/g, () => `$${++index}`);
      return async (...values) => {
        const result = await pool.query<Row & pg.QueryResultRow>({ name, text, values });
        return result.rows[0];
      };
    },
    close() {
      // The pool is Kysely's, which ends it.
    },
  };
}
