import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import SqliteDatabase from '@pbshare/sqlite';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SQLITE_FILE_NAME, type Database } from './db/database.js';
import { openDatabase } from './open-database.js';
import { migrateToLatest } from './db/migrate.js';
import { migrations } from './db/migrations/index.js';

/**
 * `npm run backup` on the embedded setup while it is being written: the copy is a whole,
 * consistent database (SQLite's online backup) with the media folder beside it.
 */

const script = resolve(import.meta.dirname, '../../../scripts/backup.mjs');
let dir: string;
let dataDir: string;
let database: Database;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pbshare-backup-'));
  dataDir = join(dir, 'data');
  // Always SQLite, whichever dialect the suite runs: the script backs up the embedded file.
  database = openDatabase({ dataDir });
  await migrateToLatest(database.db);
  mkdirSync(join(dataDir, 'media', 'pbs', 'one'), { recursive: true });
  writeFileSync(join(dataDir, 'media', 'pbs', 'one', 'full.webp'), 'picture bytes');
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

function runBackup(to: string): Promise<{ code: number | null; out: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [script, '--to', to], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir },
      cwd: dir,
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('close', (code) => {
      done({ code, out });
    });
  });
}

it('copies a consistent database and the media while writes go on', async () => {
  await sql`CREATE TABLE backup_probe (n INTEGER NOT NULL)`.execute(database.db);
  const state = { writing: true };
  let written = 0;
  const writes = (async () => {
    while (state.writing) {
      // Two rows per transaction: a consistent copy never holds an odd count.
      await database.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO backup_probe (n) VALUES (${written}), (${written + 1})`.execute(trx);
      });
      written += 2;
      await new Promise((r) => setImmediate(r));
    }
  })();

  const to = join(dir, 'copy');
  const { code, out } = await runBackup(to);
  state.writing = false;
  await writes;

  expect(code, out).toBe(0);
  const copy = new SqliteDatabase(join(to, SQLITE_FILE_NAME), { readonly: true });
  try {
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    const { count } = copy.prepare('SELECT COUNT(*) AS count FROM backup_probe').get() as {
      count: number;
    };
    expect(count % 2).toBe(0);
    expect(count).toBeLessThanOrEqual(written);
    const tables = copy.prepare("SELECT name FROM sqlite_master WHERE name = 'users'").all();
    expect(tables).toHaveLength(1);
  } finally {
    copy.close();
  }
  expect(readFileSync(join(to, 'media', 'pbs', 'one', 'full.webp'), 'utf8')).toBe('picture bytes');
  expect(readFileSync(join(to, 'BACKUP.txt'), 'utf8')).toContain('Restore:');
  // What `npm run restore` checks the folder against; written last, so it marks a whole backup.
  expect(JSON.parse(readFileSync(join(to, 'backup.json'), 'utf8'))).toMatchObject({
    app: 'pbshare',
    database: { kind: 'sqlite', migration: Object.keys(migrations).sort().at(-1), accounts: 0 },
    media: { kind: 'local', files: 1, bytes: 'picture bytes'.length },
  });
});

it('fails clearly when DATA_DIR holds no database', async () => {
  const saved = dataDir;
  dataDir = join(dir, 'empty');
  const { code, out } = await runBackup(join(dir, 'nothing'));
  dataDir = saved;
  expect(code).toBe(1);
  expect(out).toMatch(/no database at/);
});
