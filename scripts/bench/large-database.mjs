// A crowded database for the bench: many people, each with a few exercises and ten records,
// written straight through SQL (one statement per table, in one transaction), so a million rows
// take seconds rather than the hours the API would need. Both dialects, same rows.
import { randomBytes } from 'node:crypto';
import Database from '@pbshare/sqlite';
import pg from 'pg';

const EXERCISES_PER_USER = 4;

/**
 * The rows, as one SQL text per table over a numbers source `n(i)` that the dialect provides.
 * Users `seed1`…, exercises `seed-e-<user>-<k>`, records spread evenly over them; ids are not
 * UUIDs but unique all the same, and nothing reads their shape.
 */
function statements(users, records, numbers) {
  const now = new Date().toISOString();
  const user = (i) => `((${i} - 1) % ${users} + 1)`;
  const exercise = (i) => `(((${i} - 1) / ${users}) % ${EXERCISES_PER_USER})`;
  return [
    `${numbers(users)}
     insert into users (id, email, password_hash, display_name, display_name_key, created_at, updated_at)
     select 'seed-u-' || i, 'seed' || i || '@example.com', 'not-a-hash', 'seed' || i, 'seed' || i,
            '${now}', '${now}'
     from n`,
    `${numbers(users * EXERCISES_PER_USER)}
     insert into exercises (id, user_id, title, title_key, category, position, created_at, updated_at)
     select 'seed-e-' || ${user('i')} || '-' || ${exercise('i')}, 'seed-u-' || ${user('i')},
            'Lift ' || ${exercise('i')}, 'lift ' || ${exercise('i')}, 'Weight Training',
            ${exercise('i')}, '${now}', '${now}'
     from n`,
    `${numbers(records)}
     insert into pb_records (id, exercise_id, user_id, amount, unit, sets, reps, story, achieved_on,
                             media_type, media_key, card_key, width, height, media_bytes, created_at)
     select 'seed-r-' || i, 'seed-e-' || ${user('i')} || '-' || ${exercise('i')},
            'seed-u-' || ${user('i')}, 100 + i % 200, 'lbs', 1, 1, 'Seeded.', '2026-01-01', 'image',
            'pbs/seed/full.webp', 'pbs/seed/card.webp', 1080, 810, 0, '${now}'
     from n`,
  ];
}

/** Fills the app's SQLite file (its server may be running: WAL lets it read meanwhile). */
export function seedSqlite(file, { users, records }) {
  const db = new Database(file);
  db.pragma('busy_timeout = 30000');
  const numbers = (count) =>
    `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})`;
  db.transaction(() => {
    for (const sql of statements(users, records, numbers)) db.prepare(sql).run();
  })();
  // Fold the write-ahead log into the file, so reads do not wade through a huge log.
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.pragma('optimize');
  db.close();
}

export async function seedPostgres(url, { users, records }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const numbers = (count) => `with n(i) as (select generate_series(1, ${count}))`;
    await client.query('begin');
    for (const sql of statements(users, records, numbers)) await client.query(sql);
    await client.query('commit');
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

async function admin(serverUrl, run) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the server of `serverUrl`; returns its URL. */
export async function createScratchPostgres(serverUrl) {
  const name = `pbshare_bench_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropScratchPostgres(serverUrl, databaseUrl) {
  const name = new URL(databaseUrl).pathname.slice(1);
  await admin(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
}

/** Runs one statement against the app's database, whichever dialect it is. */
export async function execute(target, sql) {
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
    return;
  }
  const db = new Database(target.sqliteFile);
  try {
    db.prepare(sql).run();
  } finally {
    db.close();
  }
}
