#!/usr/bin/env node
// Public profile speed, side by side on this machine: requests per second and p99 latency of
// GET /v1/pbs/user/{username} and GET /{username} for a profile with 10 PBs, against a minimal
// Fastify route answering a constant JSON body, each server in its own process. Measured on a
// fresh database, then again once 100,000 people and 1,000,000 records have been added to it;
// on SQLite, and on PostgreSQL too when TEST_DATABASE_URL names a server (a scratch database is
// created there and dropped after). The profile answers are measured plain and as a browser
// asks for them (Accept-Encoding: gzip, deflate, br). Then Lighthouse (mobile) on /{username}.
//
// BENCH_SECONDS: seconds per measurement (10); BENCH_LIGHTHOUSE=0 skips Lighthouse;
// BENCH_LARGE=0 skips the crowded database.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import autocannon from 'autocannon';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import sharp from 'sharp';
import { freePort, signedInAccount, startServer } from './harness.mjs';
import {
  createScratchPostgres,
  dropScratchPostgres,
  execute,
  seedPostgres,
  seedSqlite,
} from './large-database.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../lib/chromium.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_S = 2;
const CONNECTIONS = 10;
const LARGE = { users: 100_000, records: 1_000_000 };
const RUN_LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== '0';
const RUN_LARGE = process.env.BENCH_LARGE !== '0';
const LIGHTHOUSE_REPORT = resolve(
  import.meta.dirname,
  '../../.tmp/bench/lighthouse-public-profile.json',
);
const USERNAME = 'Maya.Lifts';

/** What a browser (or a chat app's link preview) says it accepts. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

function load(url, duration, headers) {
  return new Promise((done, fail) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers }, (err, result) =>
      err ? fail(err) : done(result),
    );
  });
}

/** A short run first (JIT, pools, the profile's prepared answer), then the measured one. */
async function measure(name, url, headers = {}) {
  await load(url, WARM_UP_S, headers);
  const r = await load(url, DURATION_S, headers);
  return { name, rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

/** The minimal route, in a child process of its own like the app. */
async function startMinimalServer() {
  const port = await freePort();
  const child = spawn(process.execPath, [join(import.meta.dirname, 'minimal-server.mjs')], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/constant`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      if (tries > 100 || child.exitCode !== null)
        throw new Error('the minimal server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const exited = new Promise((done) => child.once('exit', done));
  return {
    url,
    stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

async function profileWithTenPbs(server, target) {
  const auth = await signedInAccount(server, USERNAME);
  // Pro, so ten exercises fit (free accounts hold three): granted by hand, as support would.
  await execute(target, "update users set subscription_tier = 'unlimited'");
  const bio = new FormData();
  bio.append('bio', 'Powerlifter and weekend runner. Four plates, sub-23 5K, and counting.');
  await fetch(`${server.base}/v1/users`, { method: 'PUT', headers: auth, body: bio });
  for (let i = 0; i < 10; i++) {
    const image = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: `hsl(${i * 36}, 70%, 50%)` },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    const fields = {
      title: `Lift ${i + 1}`,
      category: 'Weight Training',
      value: `${200 + i * 10} lbs`,
      sets: '1',
      reps: '1',
      story: 'A story worth telling. '.repeat(8),
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([image], { type: 'image/jpeg' }), 'pb.jpg');
    const res = await fetch(`${server.base}/v1/pbs`, { method: 'POST', headers: auth, body: form });
    if (res.status !== 201) throw new Error(`creating PB ${i + 1} failed: ${res.status}`);
  }
}

/**
 * The targets, the minimal route first, as one side-by-side group of rows: each profile answer
 * plain (no Accept-Encoding, as autocannon sends by default) and as a browser asks for it.
 */
async function group(label, minimal, server) {
  const api = `${server.base}/v1/pbs/user/${USERNAME}`;
  const page = `${server.base}/${USERNAME}`;
  const rows = [
    await measure('minimal Fastify route (constant JSON)', minimal.url),
    // The app's cheapest route: every request hook and header, no database, a tiny body.
    await measure('GET /healthz (the app, no database)', `${server.base}/healthz`),
    await measure('GET /v1/pbs/user/{username}', api),
    await measure('GET /{username} (HTML with inline data)', page),
    await measure('GET /v1/pbs/user/{username}, brotli', api, BROWSER),
    await measure('GET /{username}, brotli', page, BROWSER),
  ];
  return { label, rows };
}

function print({ label, rows }) {
  const base = rows[0].rps;
  console.log(`\n## ${label} (${CONNECTIONS} connections, ${DURATION_S} s each)`);
  console.log('| target | req/s | p99 latency | vs. minimal route | errors |');
  console.log('|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${row.rps.toFixed(0)} | ${row.p99} ms | ${((row.rps / base) * 100).toFixed(1)}% | ${row.errors} |`,
    );
  }
}

/** Small database, then the same one crowded; both side by side with the minimal route. */
async function benchDialect(dialect, minimal) {
  const pgServer = dialect === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  const databaseUrl = pgServer ? await createScratchPostgres(pgServer) : undefined;
  const server = await startServer({ env: databaseUrl ? { DATABASE_URL: databaseUrl } : {} });
  const target = { databaseUrl, sqliteFile: join(server.dataDir, 'pbshare.db') };
  const groups = [];
  try {
    await profileWithTenPbs(server, target);
    groups.push(await group(`${dialect}, a fresh database`, minimal, server));
    print(groups.at(-1));
    if (RUN_LARGE) {
      const started = performance.now();
      if (databaseUrl) await seedPostgres(databaseUrl, LARGE);
      else seedSqlite(target.sqliteFile, LARGE);
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      console.log(`\n(seeded ${LARGE.users} people and ${LARGE.records} records in ${seconds} s)`);
      groups.push(
        await group(`${dialect}, with 100,000 people and 1,000,000 records`, minimal, server),
      );
      print(groups.at(-1));
    }
  } finally {
    await server.stop();
    if (pgServer && databaseUrl) await dropScratchPostgres(pgServer, databaseUrl);
  }
}

async function runLighthouse() {
  const server = await startServer();
  let chrome;
  try {
    await profileWithTenPbs(server, { sqliteFile: join(server.dataDir, 'pbshare.db') });
    chrome = await launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    });
    const { lhr } = await lighthouse(`${server.base}/${USERNAME}`, {
      port: chrome.port,
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (lhr.runtimeError)
      throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // The whole report, for finding out why a score moved (open it in the Lighthouse viewer).
    mkdirSync(dirname(LIGHTHOUSE_REPORT), { recursive: true });
    writeFileSync(LIGHTHOUSE_REPORT, JSON.stringify(lhr));
    for (const warning of lhr.runWarnings) console.warn(`Lighthouse warning: ${warning}`);
    const script = lhr.audits['resource-summary'].details.items.find(
      (i) => i.resourceType === 'script',
    );
    console.log('\n## Lighthouse, mobile, /{username}');
    for (const [id, category] of Object.entries(lhr.categories)) {
      console.log(`${id}: ${Math.round(category.score * 100)}`);
    }
    console.log(
      `JavaScript transferred: ${((script?.transferSize ?? 0) / 1024).toFixed(1)} KB in ${script?.requestCount ?? 0} files`,
    );
    const missed = Object.values(lhr.categories)
      .flatMap((category) => category.auditRefs)
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
    console.log(`Audits below full marks: ${[...new Set(missed)].join(', ') || 'none'}`);
    console.log(`Full report: ${relative(process.cwd(), LIGHTHOUSE_REPORT)}`);
    console.log(
      `LCP ${lhr.audits['largest-contentful-paint'].displayValue}, TBT ${lhr.audits['total-blocking-time'].displayValue}, CLS ${lhr.audits['cumulative-layout-shift'].displayValue}`,
    );
  } finally {
    await chrome?.kill();
    await server.stop();
  }
}

const minimal = await startMinimalServer();
try {
  await benchDialect('sqlite', minimal);
  if (process.env.TEST_DATABASE_URL) await benchDialect('postgres', minimal);
  else console.log('\n(PostgreSQL skipped: set TEST_DATABASE_URL to a server to include it)');
} finally {
  await minimal.stop();
}
if (RUN_LIGHTHOUSE) await runLighthouse();
