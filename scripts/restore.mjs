#!/usr/bin/env node
// `npm run restore -- --from DIR`: puts a backup made by `npm run backup` into an empty DATA_DIR.
// It refuses a DATA_DIR that already holds a database, media or a generated secret: restoring
// over live data would mix two instances, so the operator moves the old folder aside first.
// The database is copied under a temporary name and checked there (it opens, passes
// `PRAGMA integrity_check`, has PBShare's tables and matches backup.json) before anything else
// is written, and takes its name last, so a failed restore leaves no database behind.
//
// With DATABASE_URL or S3_BUCKET set, those parts are pg_restore's and the bucket's (see README,
// Backups): this script says so and restores what is local.
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import Database from '@pbshare/sqlite';
import {
  describeDatabase,
  folderSize,
  JWT_SECRET_FILE_NAME,
  loadEnv,
  MANIFEST_FILE_NAME,
  SQLITE_FILE_NAME,
} from './backup.mjs';

const migrationsDir = resolve(import.meta.dirname, '../apps/server/src/db/migrations');

/** A reason to stop that the operator can act on: printed without a stack trace. */
class Refusal extends Error {}

function parseArgs(argv) {
  const at = argv.indexOf('--from');
  return { from: at >= 0 ? argv[at + 1] : undefined };
}

/**
 * What the backup says it holds. Backups made before backup.json existed end with BACKUP.txt
 * instead; their database is still checked, only the counts go unchecked.
 */
function readManifest(from) {
  const file = join(from, MANIFEST_FILE_NAME);
  if (existsSync(file)) {
    let manifest;
    try {
      manifest = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      throw new Refusal(`${file} is not valid JSON: this is not a whole backup`);
    }
    if (manifest?.app !== 'pbshare') throw new Refusal(`${file} is not a PBShare backup manifest`);
    return manifest;
  }
  if (existsSync(join(from, 'BACKUP.txt')) && existsSync(join(from, SQLITE_FILE_NAME))) {
    return {
      database: { kind: 'sqlite' },
      media: { kind: 'local' },
      jwtSecret: existsSync(join(from, JWT_SECRET_FILE_NAME)),
    };
  }
  throw new Refusal(
    `${from} is not a finished PBShare backup (it has no ${MANIFEST_FILE_NAME}); give --from a folder made by \`npm run backup\``,
  );
}

/** The parts of DATA_DIR this restore would write that are already there. */
function alreadyHeld(dataDir, parts) {
  const held = [];
  const database = [SQLITE_FILE_NAME, `${SQLITE_FILE_NAME}-wal`].map((f) => join(dataDir, f));
  if (parts.database && database.some((file) => existsSync(file))) held.push(SQLITE_FILE_NAME);
  if (parts.media && folderSize(join(dataDir, 'media')).files > 0) held.push('media/');
  if (parts.jwtSecret && existsSync(join(dataDir, JWT_SECRET_FILE_NAME))) {
    held.push(JWT_SECRET_FILE_NAME);
  }
  return held;
}

/** The migrations this checkout knows; a backup past them needs the release that made it. */
function knownMigrations() {
  if (!existsSync(migrationsDir)) return undefined;
  return new Set(
    readdirSync(migrationsDir)
      .map((file) => /^(\d{3}-[a-z0-9-]+)\.ts$/.exec(file)?.[1])
      .filter(Boolean),
  );
}

/** Opens the copied database and checks it is whole and is the one backup.json describes. */
function checkDatabase(file, expected) {
  let db;
  try {
    db = new Database(file, { fileMustExist: true });
  } catch (err) {
    throw new Refusal(`the backup's ${SQLITE_FILE_NAME} does not open: ${err.message}`);
  }
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') {
      throw new Refusal(`the backup's ${SQLITE_FILE_NAME} fails its integrity check: ${integrity}`);
    }
    let found;
    try {
      found = describeDatabase(db);
    } catch {
      throw new Refusal(`the backup's ${SQLITE_FILE_NAME} does not hold PBShare's tables`);
    }
    const differ = ['migration', 'accounts', 'pbs', 'records'].filter(
      (key) => expected[key] !== undefined && expected[key] !== found[key],
    );
    if (differ.length > 0) {
      const detail = differ.map((k) => `${k} ${found[k]}, listed ${expected[k]}`).join('; ');
      throw new Refusal(
        `the backup's ${SQLITE_FILE_NAME} is not the one ${MANIFEST_FILE_NAME} lists (${detail})`,
      );
    }
    const known = knownMigrations();
    if (known && found.migration && !known.has(found.migration)) {
      throw new Refusal(
        `the backup was made by a newer PBShare (migration ${found.migration} is unknown here): restore it with that release`,
      );
    }
    return found;
  } finally {
    db.close();
  }
}

function main() {
  loadEnv();
  const { from: fromArg } = parseArgs(process.argv.slice(2));
  if (!fromArg) throw new Refusal('usage: npm run restore -- --from <backup folder>');
  const from = resolve(fromArg);
  if (!existsSync(from) || !statSync(from).isDirectory()) {
    throw new Refusal(`${from} is not a folder`);
  }
  const manifest = readManifest(from);
  const dataDir = resolve(process.env.DATA_DIR || './data');
  const parts = {
    database: !process.env.DATABASE_URL,
    media: !process.env.S3_BUCKET,
    jwtSecret: manifest.jwtSecret === true,
  };

  const held = alreadyHeld(dataDir, parts);
  if (held.length > 0) {
    throw new Refusal(
      `${dataDir} already holds ${held.join(', ')}: restore only into an empty data folder (stop the server and move that folder aside, or set DATA_DIR to a new one)`,
    );
  }
  if (parts.database && !existsSync(join(from, SQLITE_FILE_NAME))) {
    throw new Refusal(
      `${from} holds no ${SQLITE_FILE_NAME} (it was made with DATABASE_URL set): restore the pg_dump with pg_restore, see README`,
    );
  }
  const backupMedia = join(from, 'media');
  const media = folderSize(backupMedia);
  if (parts.media && manifest.media?.kind === 'local' && manifest.media.files !== undefined) {
    if (media.files !== manifest.media.files) {
      throw new Refusal(
        `the backup is incomplete: ${MANIFEST_FILE_NAME} lists ${manifest.media.files} media files, ${backupMedia} holds ${media.files}`,
      );
    }
  }

  const done = [];
  const target = join(dataDir, SQLITE_FILE_NAME);
  const staged = `${target}.restoring`;
  mkdirSync(dataDir, { recursive: true });
  try {
    if (parts.database) {
      copyFileSync(join(from, SQLITE_FILE_NAME), staged);
      const found = checkDatabase(staged, manifest.database ?? {});
      done.push(
        `database ${SQLITE_FILE_NAME} (integrity ok, migration ${found.migration}): ` +
          `${found.accounts} accounts, ${found.pbs} PBs (${found.records} records with their history)`,
      );
    } else {
      console.log(
        'database: PostgreSQL (DATABASE_URL) — restore the pg_dump with pg_restore, see README',
      );
    }

    if (!parts.media) {
      console.log(
        `media: in the bucket ${process.env.S3_BUCKET} — copy media/ back with aws s3 sync or rclone, see README`,
      );
    } else if (manifest.media?.kind === 's3') {
      console.log(
        `media: the backup's media was in the bucket ${manifest.media.bucket}; this backup holds none`,
      );
    } else if (media.files > 0) {
      cpSync(backupMedia, join(dataDir, 'media'), { recursive: true, preserveTimestamps: true });
      done.push(`media (${media.files} files, ${media.bytes} bytes)`);
    } else {
      done.push('media (none in the backup)');
    }

    if (parts.jwtSecret) {
      copyFileSync(join(from, JWT_SECRET_FILE_NAME), join(dataDir, JWT_SECRET_FILE_NAME));
      done.push(
        `${JWT_SECRET_FILE_NAME} (the generated JWT_SECRET: sessions and authenticator apps keep working)`,
      );
    }
    // Last: a database in DATA_DIR means the restore finished.
    if (parts.database) renameSync(staged, target);
  } finally {
    rmSync(staged, { force: true });
  }

  const made = manifest.madeAt ? ` (made ${manifest.madeAt})` : '';
  console.log(`restore: ${dataDir} from ${from}${made}\n  ${done.join('\n  ')}`);
  console.log('Start the server on this DATA_DIR: npm start');
}

try {
  main();
} catch (err) {
  if (err instanceof Refusal) console.error(`restore: ${err.message}`);
  else console.error('restore failed:', err);
  process.exit(1);
}
