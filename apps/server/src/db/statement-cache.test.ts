import SqliteDatabase from '@pbshare/sqlite';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withStatementCache } from './statement-cache.js';

let connection: SqliteDatabase.Database;
afterEach(() => {
  if (connection.open) connection.close();
});

function cached(capacity?: number) {
  connection = new SqliteDatabase(':memory:');
  const prepare = vi.spyOn(connection, 'prepare');
  return { database: withStatementCache(connection, capacity), prepare };
}

describe('withStatementCache', () => {
  it('prepares each SQL text once and hands back the same statement', () => {
    const { database, prepare } = cached();
    const first = database.prepare('select 1 as one');
    expect(database.prepare('select 1 as one')).toBe(first);
    expect(database.prepare('select 2 as two')).not.toBe(first);
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it('forgets the least recently used statement beyond its capacity', () => {
    const { database, prepare } = cached(2);
    database.prepare('select 1');
    database.prepare('select 2');
    database.prepare('select 1'); // now the most recent
    database.prepare('select 3'); // evicts 'select 2'
    expect(prepare).toHaveBeenCalledTimes(3);
    database.prepare('select 1');
    expect(prepare).toHaveBeenCalledTimes(3);
    database.prepare('select 2');
    expect(prepare).toHaveBeenCalledTimes(4);
  });

  it('runs reads, writes and transactions through Kysely with reused statements', async () => {
    const { database, prepare } = cached();
    const db = new Kysely<{ t: { n: number } }>({ dialect: new SqliteDialect({ database }) });
    await sql`create table t (n integer not null)`.execute(db);
    for (const n of [1, 2, 3]) await db.insertInto('t').values({ n }).execute();
    await db.transaction().execute(async (tx) => {
      await tx.insertInto('t').values({ n: 4 }).execute();
    });
    const rows = await db.selectFrom('t').select('n').orderBy('n').execute();
    expect(rows.map((r) => r.n)).toEqual([1, 2, 3, 4]);
    // One insert statement for all four inserts.
    const inserts = prepare.mock.calls.filter(([text]) => text.startsWith('insert'));
    expect(inserts).toHaveLength(1);
    await db.destroy();
    expect(connection.open).toBe(false);
  });
});
