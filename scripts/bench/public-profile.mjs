#!/usr/bin/env node
// Public profile speed, side by side on this machine: requests per second and p99 latency of
// GET /v1/pbs/user/{username} and GET /{username} for a profile with 10 PBs, against a minimal
// Fastify route answering a constant JSON body, each server in its own process. Measured on a
// fresh database, then again once 100,000 people and 1,000,000 records have been added to it;
// on SQLite, and on PostgreSQL too when TEST_DATABASE_URL names a server (a scratch database is
// created there and dropped after). The profile answers are measured plain and as a browser
// asks for them (Accept-Encoding: gzip, deflate, br). Lighthouse is lighthouse.mjs.
//
// Each target is measured in slices that alternate with the minimal route (minimal, target,
// minimal, target, ...), and its share is taken against the minimal route's slices beside it: on
// a 2-core machine the load generator takes one core, and the background load moves both alike.
//
// BENCH_SECONDS: seconds per measurement (10); BENCH_LARGE=0 skips the crowded database;
// BENCH_LOAD: the load generator, wrk (the default, from Debian's packages) or autocannon
// (load-generator.mjs says why wrk).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { assertBuilt } from '../lib/built-server.mjs';
import { cpuSeconds, freePort, root, startServer } from './harness.mjs';
import { chooseLoadGenerator, mergeHistograms, percentileMs } from './load-generator.mjs';
import { profileWithTenPbs, USERNAME } from './sample-profile.mjs';
import {
  createScratchPostgres,
  dropScratchPostgres,
  seedPostgres,
  seedSqlite,
} from './large-database.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_S = 2;
const CONNECTIONS = 10;
const LARGE = { users: 100_000, records: 1_000_000 };
const RUN_LARGE = process.env.BENCH_LARGE !== '0';
/** Alternating slices per target: each side gets about DURATION_S in all. */
const SLICES = 5;

/** What a browser (or a chat app's link preview) says it accepts. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

const generator = chooseLoadGenerator();
assertBuilt('bench');
/** The app's V8 flags, from its build, for the minimal route too. */
const { V8_FLAGS } = await import(join(root, 'apps/server/dist/v8-flags.js'));

function load(url, seconds, headers) {
  return generator.run({ url, connections: CONNECTIONS, seconds, headers });
}

/**
 * The target and the minimal route in alternating slices, after a short warm-up of each (JIT,
 * pools, the profile's prepared answer). The share is the target's requests over the minimal
 * route's in the same slices; p99 is over all the target's samples (the slices' histograms added
 * up), with the worst single slice's p99 beside it. CPU per request, of the server and of the
 * load generator over the target's slices, tells which of the two held the rate back: on 2
 * cores, whichever nears a whole core.
 */
async function measure(name, url, minimal, serverPid, headers = {}) {
  const minimalUrl = minimal.url;
  await load(minimalUrl, WARM_UP_S);
  await load(url, WARM_UP_S, headers);
  const slice = Math.max(1, Math.round(DURATION_S / SLICES));
  const target = { requests: 0, seconds: 0 };
  const beside = { requests: 0, seconds: 0 };
  const histograms = [];
  let worstSliceP99 = 0;
  let errors = 0;
  let serverCpu = 0;
  let generatorCpu = 0;
  for (let i = 0; i < SLICES; i++) {
    const base = await load(minimalUrl, slice);
    const serverBefore = cpuSeconds(serverPid) ?? 0;
    const r = await load(url, slice, headers);
    serverCpu += (cpuSeconds(serverPid) ?? 0) - serverBefore;
    generatorCpu += r.generatorCpuSeconds;
    beside.requests += base.requests;
    beside.seconds += base.seconds;
    target.requests += r.requests;
    target.seconds += r.seconds;
    histograms.push(r.latencyUs);
    worstSliceP99 = Math.max(worstSliceP99, percentileMs(r.latencyUs, 99));
    errors += r.errors;
  }
  const rps = target.requests / target.seconds;
  const minimalRps = beside.requests / beside.seconds;
  const perRequest = (seconds) => (seconds / target.requests) * 1e6;
  return {
    name,
    rps,
    minimalRps,
    share: rps / minimalRps,
    p99: percentileMs(mergeHistograms(histograms), 99),
    worstSliceP99,
    errors,
    serverUs: perRequest(serverCpu),
    generatorUs: perRequest(generatorCpu),
  };
}

/** Waits, at most 30 s, until the server has finished what setting up left it doing. */
async function settle(pid) {
  for (let i = 0; i < 60; i++) {
    const before = cpuSeconds(pid);
    if (before === undefined) return;
    await new Promise((r) => setTimeout(r, 500));
    if (cpuSeconds(pid) - before < 0.02) return;
  }
}

/**
 * The minimal route, in a child process of its own like the app, with the V8 flags the app
 * gives itself (apps/server/src/v8-flags.ts), so neither draws the slow start-up they avoid.
 */
async function startMinimalServer() {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...V8_FLAGS, join(import.meta.dirname, 'minimal-server.mjs')],
    { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const url = `http://127.0.0.1:${port}/constant`;
  for (let tries = 0; ; tries++) {
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (tries > 100 || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error('the minimal server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const exited = new Promise((done) => child.once('exit', done));
  return {
    url,
    pid: child.pid,
    stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * The targets as one group of rows, each beside the minimal route: each profile answer plain (no
 * Accept-Encoding, as the load generators send by default) and as a browser asks for it.
 *
 * Each group gets a minimal route of its own, started for it. A Node process left idle for a
 * while (here: while the next database was seeded or the next server started) has V8's memory
 * reducer shrink its young generation, and under load again it stays small: the minimal route
 * then cost 14-15 µs per request instead of 11, and every share beside it read 10-15 points
 * higher (docs/PERFORMANCE.md). A fresh one is the yardstick at its best.
 */
async function group(label, server) {
  const api = `${server.base}/v1/pbs/user/${USERNAME}`;
  const page = `${server.base}/${USERNAME}`;
  const { pid } = server;
  await settle(pid);
  const minimal = await startMinimalServer();
  try {
    const rows = [
      // The yardstick against itself: the CPU per request that a share of 100% costs.
      await measure('GET /constant (the minimal route)', minimal.url, minimal, minimal.pid),
      // The app's cheapest route: every request hook and header, no database, a tiny body.
      await measure('GET /healthz (the app, no database)', `${server.base}/healthz`, minimal, pid),
      await measure('GET /v1/pbs/user/{username}', api, minimal, pid),
      await measure('GET /{username} (HTML with inline data)', page, minimal, pid),
      await measure('GET /v1/pbs/user/{username}, brotli', api, minimal, pid, BROWSER),
      await measure('GET /{username}, brotli', page, minimal, pid, BROWSER),
    ];
    return { label, rows };
  } finally {
    await minimal.stop();
  }
}

function print({ label, rows }) {
  console.log(
    `\n## ${label} (${generator.name}, ${CONNECTIONS} connections, ${DURATION_S} s each side)`,
  );
  console.log(
    '| target | req/s | p99 latency | worst slice p99 | minimal route beside it | share | server CPU/req | load generator CPU/req | errors |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${row.rps.toFixed(0)} | ${row.p99.toFixed(2)} ms | ${row.worstSliceP99.toFixed(2)} ms | ${row.minimalRps.toFixed(0)} | ${(row.share * 100).toFixed(1)}% | ${row.serverUs.toFixed(1)} µs | ${row.generatorUs.toFixed(1)} µs | ${row.errors} |`,
    );
  }
}

/** Small database, then the same one crowded; both side by side with the minimal route. */
async function benchDialect(dialect) {
  const pgServer = dialect === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  const databaseUrl = pgServer ? await createScratchPostgres(pgServer) : undefined;
  const server = await startServer({ env: databaseUrl ? { DATABASE_URL: databaseUrl } : {} });
  const target = { databaseUrl, sqliteFile: join(server.dataDir, 'pbshare.db') };
  const groups = [];
  try {
    await profileWithTenPbs(server, target);
    groups.push(await group(`${dialect}, a fresh database`, server));
    print(groups.at(-1));
    if (RUN_LARGE) {
      const started = performance.now();
      if (databaseUrl) await seedPostgres(databaseUrl, LARGE);
      else seedSqlite(target.sqliteFile, LARGE);
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      console.log(`\n(seeded ${LARGE.users} people and ${LARGE.records} records in ${seconds} s)`);
      groups.push(await group(`${dialect}, with 100,000 people and 1,000,000 records`, server));
      print(groups.at(-1));
    }
  } finally {
    await server.stop();
    if (pgServer && databaseUrl) await dropScratchPostgres(pgServer, databaseUrl);
  }
}

await benchDialect('sqlite');
if (process.env.TEST_DATABASE_URL) await benchDialect('postgres');
else console.log('\n(PostgreSQL skipped: set TEST_DATABASE_URL to a server to include it)');
