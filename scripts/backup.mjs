#!/usr/bin/env node
// `npm run backup [-- --to DIR]`: a consistent copy of the embedded setup while it runs. The
// SQLite database goes through SQLite's online backup API (pages copied under its own locking,
// so writes that land meanwhile are either wholly in the copy or not at all), then the media
// folder is copied. Database first: a file written after the copy began is at worst an extra
// file, never a row pointing at nothing (PB media is written before its row commits).
//
// With DATABASE_URL (PostgreSQL) or S3_BUCKET set, those parts belong to their own tools (pg_dump,
// bucket versioning or replication; see README, Backups): this script says so and copies what
// is still local.
import { cpSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from '@pbshare/sqlite';

const SQLITE_FILE_NAME = 'pbshare.db';

function loadEnv() {
  const dotEnv = resolve('.env');
  if (existsSync(dotEnv)) process.loadEnvFile(dotEnv);
}

function parseArgs(argv) {
  const at = argv.indexOf('--to');
  return { to: at >= 0 ? argv[at + 1] : undefined };
}

function folderSize(path) {
  if (!existsSync(path)) return { files: 0, bytes: 0 };
  const stat = statSync(path);
  if (!stat.isDirectory()) return { files: 1, bytes: stat.size };
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(path)) {
    const sub = folderSize(join(path, entry));
    files += sub.files;
    bytes += sub.bytes;
  }
  return { files, bytes };
}

async function main() {
  loadEnv();
  const { to } = parseArgs(process.argv.slice(2));
  const dataDir = resolve(process.env.DATA_DIR || './data');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = resolve(to ?? join('backups', stamp));
  mkdirSync(target, { recursive: true });
  const done = [];

  if (process.env.DATABASE_URL) {
    console.log('database: PostgreSQL (DATABASE_URL) — back it up with pg_dump, see README');
  } else {
    const source = join(dataDir, SQLITE_FILE_NAME);
    if (!existsSync(source)) {
      console.error(`backup: no database at ${source} (is DATA_DIR right?)`);
      process.exit(1);
    }
    const db = new Database(source, { readonly: true, fileMustExist: true });
    try {
      await db.backup(join(target, SQLITE_FILE_NAME));
    } finally {
      db.close();
    }
    done.push(
      `database ${SQLITE_FILE_NAME} (${statSync(join(target, SQLITE_FILE_NAME)).size} bytes)`,
    );
  }

  if (process.env.S3_BUCKET) {
    console.log(`media: in the bucket ${process.env.S3_BUCKET} — see README for bucket backups`);
  } else {
    const media = join(dataDir, 'media');
    if (existsSync(media)) {
      cpSync(media, join(target, 'media'), { recursive: true, preserveTimestamps: true });
      const { files, bytes } = folderSize(join(target, 'media'));
      done.push(`media (${files} files, ${bytes} bytes)`);
    } else {
      done.push('media (none yet)');
    }
  }

  writeFileSync(
    join(target, 'BACKUP.txt'),
    `PBShare backup of ${dataDir}\nmade ${new Date().toISOString()}\n${done.join('\n')}\n` +
      'Restore: stop the server, copy these into an empty DATA_DIR, start it.\n',
  );
  console.log(`backup: ${target}\n  ${done.join('\n  ')}`);
}

main().catch((err) => {
  console.error('backup failed:', err);
  process.exit(1);
});
