#!/usr/bin/env node
// Lighthouse (mobile, simulated throttling) on the public profile /{username} (ten PBs) and on the
// landing page /, against the production build: the median of five runs of each, its four
// category scores, LCP, TBT, CLS and the JavaScript transferred. A measurement, not a test.
//
// LIGHTHOUSE_RUNS: runs per page (5).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from './harness.mjs';
import { profileWithTenPbs, USERNAME } from './sample-profile.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../lib/chromium.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const REPORTS = resolve(import.meta.dirname, '../../.tmp/bench');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

function summary(lhr) {
  const script = lhr.audits['resource-summary'].details.items.find(
    (item) => item.resourceType === 'script',
  );
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    ),
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
    tbtMs: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    scriptKb: (script?.transferSize ?? 0) / 1024,
    scriptFiles: script?.requestCount ?? 0,
    missed: [
      ...new Set(
        Object.values(lhr.categories)
          .flatMap((category) => category.auditRefs)
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => ref.id),
      ),
    ],
  };
}

/** The run whose performance score is the median (Lighthouse's own advice for noisy scores). */
function median(runs) {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Tries of one run before the bench gives up on it. */
const ATTEMPTS = 3;

/**
 * One Lighthouse run of `url`. A run Lighthouse could not complete is tried again: now and then it
 * reports NO_NAVSTART (no navigation start in its trace) for a page that loaded, and one such
 * run should not end a bench that has been going for twenty minutes.
 */
async function lighthouseRun(chrome, url) {
  for (let attempt = 1; ; attempt++) {
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    if (!lhr.runtimeError) return lhr;
    const failure = `Lighthouse: ${lhr.runtimeError.code} on ${url}`;
    if (attempt === ATTEMPTS) throw new Error(`${failure}, ${ATTEMPTS} times`);
    console.warn(`${failure}; trying that run again`);
  }
}

async function measurePage(chrome, name, url) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const lhr = await lighthouseRun(chrome, url);
    for (const warning of lhr.runWarnings) console.warn(`Lighthouse warning: ${warning}`);
    const report = join(REPORTS, `lighthouse-${name}-${i + 1}.json`);
    mkdirSync(dirname(report), { recursive: true });
    writeFileSync(report, JSON.stringify(lhr));
    runs.push({ ...summary(lhr), report });
  }
  const m = median(runs);
  const [perf, a11y, bp, seo] = CATEGORIES.map((id) => m.scores[id]);
  console.log(
    `| ${name} | ${perf} | ${a11y} | ${bp} | ${seo} | ${(m.lcpMs / 1000).toFixed(2)} s | ${Math.round(m.tbtMs)} ms | ${m.cls.toFixed(3)} | ${m.scriptKb.toFixed(1)} KB in ${m.scriptFiles} | ${runs.map((r) => r.scores.performance).join(', ')} |`,
  );
  if (m.missed.length) console.log(`  below full marks in the median run: ${m.missed.join(', ')}`);
  console.log(`  median report: ${relative(process.cwd(), m.report)}`);
}

const server = await startServer();
let chrome;
try {
  await profileWithTenPbs(server, { sqliteFile: join(server.dataDir, 'pbshare.db') });
  chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  console.log(`\n## Lighthouse, mobile, median of ${RUNS} runs`);
  console.log(
    '| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS | JavaScript | performance of each run |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  await measurePage(chrome, 'public-profile', `${server.base}/${USERNAME}`);
  await measurePage(chrome, 'landing', `${server.base}/`);
} finally {
  await chrome?.kill();
  await server.stop();
}
