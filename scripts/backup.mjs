#!/usr/bin/env node
// `npm run backup [-- --to DIR]`: a consistent copy of the embedded setup while it runs. The
// SQLite database goes through SQLite's online backup API (pages copied under its own locking,
// so writes that land meanwhile are either wholly in the copy or not at all), then the media
// folder is copied. Database first: a file written after the copy began is at worst an extra
// file, never a row pointing at nothing (PB media is written before its row commits).
//
// With DATABASE_URL (PostgreSQL) or S3_BUCKET set, those parts belong to their own tools (pg_dump,
// bucket versioning or replication; see README, Backups): this script says so and copies what
// is still local. backup.json, written last, marks a finished backup and lists what it holds, so
// `npm run restore` can tell a whole backup from a half-copied one.
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from '@pbshare/sqlite';

export const SQLITE_FILE_NAME = 'pbshare.db';
export const MANIFEST_FILE_NAME = 'backup.json';
// The session-signing secret the embedded default generates when JWT_SECRET is unset. It also
// seals the authenticator-app secrets, so a restore without it would turn those codes invalid.
export const JWT_SECRET_FILE_NAME = 'jwt-secret';

export function loadEnv() {
  const dotEnv = resolve('.env');
  if (existsSync(dotEnv)) process.loadEnvFile(dotEnv);
}

function parseArgs(argv) {
  const at = argv.indexOf('--to');
  return { to: at >= 0 ? argv[at + 1] : undefined };
}

export function folderSize(path) {
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

/** The newest migration and the row counts an operator recognises; throws without the tables. */
export function describeDatabase(db) {
  const count = (table) => db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get().n;
  const newest = db.prepare('SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1').get();
  return {
    migration: newest?.name ?? null,
    accounts: count('users'),
    pbs: count('exercises'),
    records: count('pb_records'),
  };
}

async function main() {
  loadEnv();
  const { to } = parseArgs(process.argv.slice(2));
  const dataDir = resolve(process.env.DATA_DIR || './data');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = resolve(to ?? join('backups', stamp));
  mkdirSync(target, { recursive: true });
  const done = [];
  const manifest = { app: 'pbshare', format: 1, madeAt: '', from: dataDir };

  if (process.env.DATABASE_URL) {
    console.log('database: PostgreSQL (DATABASE_URL) — back it up with pg_dump, see README');
    manifest.database = { kind: 'postgres' };
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
    // Read-write, so closing it folds away the -wal and -shm files a WAL database's reader leaves.
    const copy = new Database(join(target, SQLITE_FILE_NAME), { fileMustExist: true });
    try {
      manifest.database = { kind: 'sqlite', file: SQLITE_FILE_NAME, ...describeDatabase(copy) };
    } finally {
      copy.close();
    }
    done.push(
      `database ${SQLITE_FILE_NAME} (${statSync(join(target, SQLITE_FILE_NAME)).size} bytes)`,
    );
  }

  if (process.env.S3_BUCKET) {
    console.log(`media: in the bucket ${process.env.S3_BUCKET} — see README for bucket backups`);
    manifest.media = { kind: 's3', bucket: process.env.S3_BUCKET };
  } else {
    const media = join(dataDir, 'media');
    if (existsSync(media)) {
      cpSync(media, join(target, 'media'), { recursive: true, preserveTimestamps: true });
      const { files, bytes } = folderSize(join(target, 'media'));
      done.push(`media (${files} files, ${bytes} bytes)`);
      manifest.media = { kind: 'local', files, bytes };
    } else {
      done.push('media (none yet)');
      manifest.media = { kind: 'local', files: 0, bytes: 0 };
    }
  }

  const secret = join(dataDir, JWT_SECRET_FILE_NAME);
  manifest.jwtSecret = !process.env.JWT_SECRET && existsSync(secret);
  if (manifest.jwtSecret) {
    copyFileSync(secret, join(target, JWT_SECRET_FILE_NAME));
    done.push(`${JWT_SECRET_FILE_NAME} (the generated JWT_SECRET: keep this backup private)`);
  }

  manifest.madeAt = new Date().toISOString();
  writeFileSync(
    join(target, 'BACKUP.txt'),
    `PBShare backup of ${dataDir}\nmade ${manifest.madeAt}\n${done.join('\n')}\n` +
      `Restore: stop the server, then \`npm run restore -- --from ${target}\` into an empty DATA_DIR.\n`,
  );
  writeFileSync(join(target, MANIFEST_FILE_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`backup: ${target}\n  ${done.join('\n  ')}`);
}

// restore.mjs imports the helpers above; only running this file makes a backup.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error('backup failed:', err);
    process.exit(1);
  });
}
