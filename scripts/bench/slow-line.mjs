#!/usr/bin/env node
// The first paint of /{username} (ten PBs) on a weak phone line, 400 kbit/s each way with 400 ms of
// latency (Chromium's own network emulation), at phone size: when the browser first painted text,
// from its paint timing, the document's compressed size, and whether the name, title and value
// came in the document. Five runs, each in a fresh context (nothing cached); prints the median,
// the range and met or NOT met against the 2 s target. A measurement, not a test: the end-to-end
// test checks what makes it fast (the document alone paints, and is small), which a busy machine
// cannot turn red.
//
// SLOW_LINE_RUNS: runs (5).
import { chromium } from '@playwright/test';
import { join } from 'node:path';
import { startServer } from './harness.mjs';
import { profileWithTenPbs, USERNAME } from './sample-profile.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../lib/chromium.mjs';
import { FIRST_CONTENTFUL_PAINT, onSlowLine } from '../lib/slow-line.mjs';

const RUNS = Number(process.env.SLOW_LINE_RUNS ?? 5);
const TARGET_MS = 2000;

/** The first paint, the document's size, and whether the opening slide's text came in it. */
const FIRST_PAINT = `(async () => {
  const paint = await ${FIRST_CONTENTFUL_PAINT};
  const text = (selector) => document.querySelector(selector)?.textContent ?? '';
  const owner = text('[data-testid="story-owner"]');
  const title = text('[data-testid="story-slide"] h2');
  const value = text('[data-testid="story-value"]');
  return {
    ms: paint.startTime,
    painted: Boolean(owner && title && value),
    bytes: performance.getEntriesByType('navigation')[0].encodedBodySize,
  };
})()`;

async function oneRun(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
  });
  try {
    const page = await context.newPage();
    await onSlowLine(context, page);
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    return await page.evaluate(FIRST_PAINT);
  } finally {
    await context.close();
  }
}

const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  await profileWithTenPbs(server, { sqliteFile: join(server.dataDir, 'pbshare.db') });
  const url = `${server.base}/${USERNAME}`;
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await oneRun(browser, url));
  const times = runs.map((run) => run.ms).sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const painted = runs.every((run) => run.painted);
  const met = median <= TARGET_MS && painted;
  console.log(`\n## First paint of /{username} at 400 kbit/s and 400 ms, ${RUNS} runs`);
  console.log(
    `document ${(runs[0].bytes / 1024).toFixed(1)} KB compressed; ` +
      `median ${(median / 1000).toFixed(2)} s, range ${(times[0] / 1000).toFixed(2)}-` +
      `${(times.at(-1) / 1000).toFixed(2)} s; name, title and value in the document: ` +
      `${painted ? 'yes' : 'NO'}; target ${TARGET_MS / 1000} s: ` +
      (met ? 'met' : 'NOT met'),
  );
} finally {
  await browser.close();
  await server.stop();
}
