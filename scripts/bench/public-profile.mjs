#!/usr/bin/env node
// Public profile speed, side by side on this machine: requests per second and p99 latency of
// GET /v1/pbs/user/{username} and GET /{username} for a profile with 10 PBs, against a minimal
// Fastify route answering a constant JSON body, each server in its own process; then the same
// answers from two app processes over one database, one with the fast path on and one with it
// off (PUBLIC_FAST_PATH=off), as ratios. Measured on a fresh database, then again once 100,000
// people and 1,000,000 records have been added to it; on SQLite, and on PostgreSQL too when
// TEST_DATABASE_URL names a server (a scratch database is created there and dropped after). The
// profile answers are measured plain and as a browser asks for them (Accept-Encoding: gzip,
// deflate, br). Lighthouse is lighthouse.mjs.
//
// Each target is measured in slices that alternate with what it is compared to (minimal, target,
// minimal, target, ...; off, on, off, on, ...): on a 2-core machine the load generator takes one
// core, and the background load moves both sides alike (docs/decisions/0013).
//
// BENCH_SECONDS: seconds per measurement (10); BENCH_LARGE=0 skips the crowded database;
// BENCH_LOAD: the load generator, wrk (the default, from Debian's packages) or autocannon
// (load-generator.mjs says why wrk).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { assertBuilt, startBuiltServer } from '../lib/built-server.mjs';
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
 * Two sides in alternating slices (`beside`, `target`, `beside`, `target`, ...), after a short
 * warm-up of each (JIT, pools, the profile's prepared answer). A side is a URL, the headers it is
 * asked with and the pid of the process that serves it. For each side: requests per second over
 * its slices, p99 over all its samples (the slices' histograms added up) with the worst single
 * slice's beside it, and the CPU per request of its server and of the load generator, which tells
 * which of the two held the rate back: on 2 cores, whichever nears a whole core.
 */
async function alternate(beside, target) {
  for (const side of [beside, target]) await load(side.url, WARM_UP_S, side.headers);
  const slice = Math.max(1, Math.round(DURATION_S / SLICES));
  const totals = [beside, target].map(() => ({
    requests: 0,
    seconds: 0,
    histograms: [],
    worstSliceP99: 0,
    errors: 0,
    serverCpu: 0,
    generatorCpu: 0,
  }));
  for (let i = 0; i < SLICES; i++) {
    for (const [index, side] of [beside, target].entries()) {
      const total = totals[index];
      const serverBefore = cpuSeconds(side.pid) ?? 0;
      const r = await load(side.url, slice, side.headers);
      total.serverCpu += (cpuSeconds(side.pid) ?? 0) - serverBefore;
      total.generatorCpu += r.generatorCpuSeconds;
      total.requests += r.requests;
      total.seconds += r.seconds;
      total.histograms.push(r.latencyUs);
      total.worstSliceP99 = Math.max(total.worstSliceP99, percentileMs(r.latencyUs, 99));
      total.errors += r.errors;
    }
  }
  const [b, t] = totals.map((total) => {
    const perRequest = (seconds) => (seconds / total.requests) * 1e6;
    return {
      rps: total.requests / total.seconds,
      p99: percentileMs(mergeHistograms(total.histograms), 99),
      worstSliceP99: total.worstSliceP99,
      errors: total.errors,
      serverUs: perRequest(total.serverCpu),
      generatorUs: perRequest(total.generatorCpu),
    };
  });
  return { beside: b, target: t };
}

/** A target beside the minimal route: its share is its rate over the minimal route's. */
async function measure(name, url, minimal, serverPid, headers = {}) {
  const { beside, target } = await alternate(
    { url: minimal.url, headers: {}, pid: minimal.pid },
    { url, headers, pid: serverPid },
  );
  return { name, ...target, minimalRps: beside.rps, share: target.rps / beside.rps };
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
 * The targets as one group of rows, each beside the minimal route, then the profile answers with
 * the fast path on and off: each plain (no Accept-Encoding, as the load generators send by
 * default) and as a browser asks for it.
 *
 * Each group gets a minimal route of its own, started for it. A Node process left idle for a
 * while (here: while the next database was seeded or the next server started) has V8's memory
 * reducer shrink its young generation, and under load again it stays small: the minimal route
 * then cost 14-15 µs per request instead of 11, and every share beside it read 10-15 points
 * higher (docs/decisions/0013). A fresh one is the yardstick at its best.
 */
async function group(label, server) {
  const api = `${server.base}/v1/pbs/user/${USERNAME}`;
  const page = `${server.base}/${USERNAME}`;
  const { pid } = server;
  await settle(pid);
  await settle(server.off.pid);
  // First, while both app processes come from the same rest (an idle process runs slower).
  const fastPath = await onAndOff(server);
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
    return { label, rows, fastPath };
  } finally {
    await minimal.stop();
  }
}

/**
 * The profile answers from the process with the fast path on against the one with it off, over
 * the same database, in alternating slices: what the fast path buys, as ratios.
 */
async function onAndOff(server) {
  const targets = [
    ['GET /v1/pbs/user/{username}', `/v1/pbs/user/${USERNAME}`, {}],
    ['GET /{username} (HTML with inline data)', `/${USERNAME}`, {}],
    ['GET /v1/pbs/user/{username}, brotli', `/v1/pbs/user/${USERNAME}`, BROWSER],
    ['GET /{username}, brotli', `/${USERNAME}`, BROWSER],
  ];
  // Both processes started cold: every answer is warmed on both before any is measured.
  for (const [, path, headers] of targets) {
    for (const base of [server.off.base, server.base])
      await load(`${base}${path}`, WARM_UP_S, headers);
  }
  const rows = [];
  for (const [name, path, headers] of targets) {
    const { beside: off, target: on } = await alternate(
      { url: `${server.off.base}${path}`, headers, pid: server.off.pid },
      { url: `${server.base}${path}`, headers, pid: server.pid },
    );
    rows.push({ name, on, off });
  }
  return rows;
}

function print({ label, rows, fastPath }) {
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
  console.log(`\n### ${label}: the fast path on and off (PUBLIC_FAST_PATH), side by side`);
  console.log(
    '| target | req/s on | req/s off | req/s on/off | p99 on | p99 off | p99 on/off | server CPU/req on | server CPU/req off | errors on, off |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const { name, on, off } of fastPath) {
    console.log(
      `| ${name} | ${on.rps.toFixed(0)} | ${off.rps.toFixed(0)} | ${(on.rps / off.rps).toFixed(2)}x | ${on.p99.toFixed(2)} ms | ${off.p99.toFixed(2)} ms | ${(on.p99 / off.p99).toFixed(2)}x | ${on.serverUs.toFixed(1)} µs | ${off.serverUs.toFixed(1)} µs | ${on.errors}, ${off.errors} |`,
    );
  }
}

/** Small database, then the same one crowded; each beside the minimal route, and on and off. */
async function benchDialect(dialect) {
  const pgServer = dialect === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  const databaseUrl = pgServer ? await createScratchPostgres(pgServer) : undefined;
  const env = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  const server = await startServer({ env });
  const target = { databaseUrl, sqliteFile: join(server.dataDir, 'pbshare.db') };
  const groups = [];
  try {
    await profileWithTenPbs(server, target);
    // A second process over the same database and files, with the fast path off.
    server.off = await startBuiltServer({
      dataDir: server.dataDir,
      env: { ...env, PUBLIC_FAST_PATH: 'off' },
    });
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
    await server.off?.stop();
    await server.stop();
    if (pgServer && databaseUrl) await dropScratchPostgres(pgServer, databaseUrl);
  }
}

await benchDialect('sqlite');
if (process.env.TEST_DATABASE_URL) await benchDialect('postgres');
else console.log('\n(PostgreSQL skipped: set TEST_DATABASE_URL to a server to include it)');
