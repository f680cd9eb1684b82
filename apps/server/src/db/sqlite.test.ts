import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../open-database.js';

const dataDir = join(mkdtempSync(join(tmpdir(), 'pbshare-sqlite-')), 'nested', 'data');
const database = openDatabase({ dataDir });
afterAll(async () => {
  await database.close();
  rmSync(join(dataDir, '..', '..'), { recursive: true, force: true });
});

async function pragma(name: string): Promise<unknown> {
  const result = await sql<Record<string, unknown>>`${sql.raw(`pragma ${name}`)}`.execute(
    database.db,
  );
  return Object.values(result.rows[0] ?? {})[0];
}

it('creates DATA_DIR and sets the pragmas for durability and concurrency', async () => {
  expect(database.dialect).toBe('sqlite');
  expect(await pragma('journal_mode')).toBe('wal');
  expect(await pragma('foreign_keys')).toBe(1);
  expect(await pragma('synchronous')).toBe(2); // FULL
  expect(await pragma('busy_timeout')).toBe(5000);
});
