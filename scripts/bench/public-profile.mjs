#!/usr/bin/env node
// Public profile speed, side by side on this machine: requests per second and p99 latency of
// GET /v1/pbs/user/{username} and GET /{username} for a profile with 10 PBs, against a minimal
// Fastify route answering a constant JSON body; then Lighthouse (mobile) on /{username}.
import autocannon from 'autocannon';
import { launch } from 'chrome-launcher';
import Fastify from 'fastify';
import lighthouse from 'lighthouse';
import sharp from 'sharp';
import Database from 'better-sqlite3';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { freePort, signedInAccount, startServer } from './harness.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../lib/chromium.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const LIGHTHOUSE_REPORT = resolve(
  import.meta.dirname,
  '../../.tmp/bench/lighthouse-public-profile.json',
);

function run(url) {
  return new Promise((done, fail) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S }, (err, result) =>
      err ? fail(err) : done(result),
    );
  });
}

async function profileWithTenPbs(server) {
  const auth = await signedInAccount(server, 'Maya.Lifts');
  // Pro, so ten exercises fit (free accounts hold three). Payments come with a later issue.
  const db = new Database(join(server.dataDir, 'pbshare.db'));
  db.prepare("update users set subscription_tier = 'unlimited'").run();
  db.close();
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
  return 'Maya.Lifts';
}

const server = await startServer();
const baseline = Fastify({ logger: false });
baseline.get('/constant', () => ({
  success: true,
  message: 'Request successful',
  data: { ok: true },
  status: 200,
}));
const baselinePort = await freePort();
await baseline.listen({ port: baselinePort, host: '127.0.0.1' });
let chrome;
try {
  const username = await profileWithTenPbs(server);
  const targets = [
    ['minimal Fastify route (constant JSON)', `http://127.0.0.1:${baselinePort}/constant`],
    ['GET /v1/pbs/user/{username}', `${server.base}/v1/pbs/user/${username}`],
    ['GET /{username} (HTML with inline data)', `${server.base}/${username}`],
  ];
  const rows = [];
  for (const [name, url] of targets) {
    const r = await run(url);
    rows.push({ name, rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx });
  }
  const base = rows[0];
  console.log(`## Public profile throughput (${CONNECTIONS} connections, ${DURATION_S} s each)`);
  console.log('| target | req/s | p99 latency | vs. minimal route | errors |');
  console.log('|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${row.rps.toFixed(0)} | ${row.p99} ms | ${((row.rps / base.rps) * 100).toFixed(1)}% | ${row.errors} |`,
    );
  }

  chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  const { lhr } = await lighthouse(`${server.base}/${username}`, {
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
  await baseline.close();
  await server.stop();
}
