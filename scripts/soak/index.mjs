#!/usr/bin/env node
// `npm run soak [-- --short]`: crash durability, then load, against the production build (run
// `npm run build` first; this script builds nothing). See docs/architecture/gates-and-soak.md.
//
//   SOAK_CYCLES        kill-and-restart cycles          (full 20, --short 3)
//   SOAK_WRITERS       concurrent writing clients       (full 6, --short 3)
//   SOAK_LOAD_SECONDS  length of the load run          (full 30, --short 3)
//   SOAK_CONNECTIONS   concurrent load connections      (full 20, --short 10)
//   TEST_DATABASE_URL  also run the crash cycles on a fresh PostgreSQL database on that server
//
// Exits non-zero when an acknowledged write was lost, a media file went missing, the SQLite file
// fails its integrity check, or any request hung.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { crashCycles } from './crash.mjs';
import { loadRun } from './load.mjs';
import { assertBuilt, freePort } from './server.mjs';

const short = process.argv.includes('--short');
const num = (name, full, quick) => Number(process.env[name] ?? (short ? quick : full));
const settings = {
  cycles: num('SOAK_CYCLES', 20, 3),
  writers: num('SOAK_WRITERS', 6, 3),
  loadSeconds: num('SOAK_LOAD_SECONDS', 30, 3),
  connections: num('SOAK_CONNECTIONS', 20, 10),
};
const log = (line) => console.log(line);

async function withPostgresDatabase(run) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const name = `pbshare_soak_${randomBytes(5).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

function report(label, r) {
  log(
    `soak ${label}: ${r.cycles} crash cycles, ${r.acknowledged} writes acknowledged (${Object.entries(
      r.byKind,
    )
      .map(([k, v]) => `${v} ${k}`)
      .join(
        ', ',
      )}), lost ${r.lost.length}, media missing ${r.mediaMissing.length}, hung ${r.hung}, integrity ${r.integrity.length > 0 ? 'FAILED' : label === 'SQLite' ? 'ok' : 'not checked'}, unexpected answers ${r.unexpected.length}`,
  );
  for (const line of [...r.lost, ...r.mediaMissing, ...r.integrity, ...r.unexpected].slice(0, 20)) {
    log(`  ${line}`);
  }
}

assertBuilt('soak');
const work = mkdtempSync(join(tmpdir(), 'pbshare-soak-'));
let failed = false;
try {
  log(
    `soak: ${settings.cycles} cycles × ${settings.writers} writers, then ${settings.connections} connections for ${settings.loadSeconds} s`,
  );
  const port = await freePort();
  const common = { cycles: settings.cycles, writers: settings.writers, port, log };
  // The server is killed between 0.5 and 2.5 s after it is ready: long enough for a few dozen
  // writes, short enough to land in the middle of many.
  const timing = { minUpMs: 500, maxUpMs: 2500 };

  log('SQLite:');
  const sqliteDir = join(work, 'sqlite');
  const sqlite = await crashCycles({ ...common, ...timing, dataDir: sqliteDir });
  report('SQLite', sqlite);
  const results = [sqlite];

  if (process.env.TEST_DATABASE_URL) {
    log('PostgreSQL:');
    const postgres = await withPostgresDatabase((databaseUrl) =>
      crashCycles({ ...common, ...timing, dataDir: join(work, 'postgres'), databaseUrl }),
    );
    report('PostgreSQL', postgres);
    results.push(postgres);
  }

  const load = await loadRun({
    dataDir: sqliteDir,
    port,
    seconds: settings.loadSeconds,
    connections: settings.connections,
  });
  log(
    `soak load: ${load.connections} connections for ${load.seconds} s, ${load.requests} requests, ${Math.round(load.rps)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms, errors ${load.errors}, non-2xx ${load.non2xx}, hung ${load.hung} (statuses ${JSON.stringify(load.statuses)})`,
  );

  const lost = results.reduce((n, r) => n + r.lost.length + r.mediaMissing.length, 0);
  const hung = results.reduce((n, r) => n + r.hung, 0) + load.hung;
  const broken = results.some((r) => r.integrity.length > 0);
  failed = lost > 0 || hung > 0 || broken;
  log(`soak: ${failed ? 'FAILED' : 'ok'} (lost ${lost}, hung ${hung})`);
} catch (err) {
  failed = true;
  console.error('soak: could not run:', err);
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
