#!/usr/bin/env node
// `npm test`: every check a change must pass, in the order that fails fastest, then one closing
// line with the counts across all suites ("N passed, N failed"), which CI reads.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const reports = join(root, '.tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const workspaces = ['packages/shared', 'apps/server', 'apps/web'];
const steps = [
  ['lint', 'npm', ['run', 'lint']],
  ['format', 'npm', ['run', 'format:check']],
  ['typecheck', 'npm', ['run', 'typecheck']],
  ...workspaces.map((ws) => [
    `unit and integration: ${ws}`,
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reportFile(ws)}`,
    ],
    { cwd: join(root, ws) },
  ]),
  ['build', 'npm', ['run', 'build']],
  // Kills the built server mid-write a few times and checks nothing acknowledged was lost; it
  // prints its own figures ("lost 0, hung 0"), which the closing tally does not count.
  ['soak (short)', 'npm', ['run', 'soak', '--', '--short']],
  [
    'end-to-end (Playwright, Chromium)',
    'npx',
    ['playwright', 'test', '--reporter=list,json'],
    { env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e.json') } },
  ],
  // Two instances behind a round-robin proxy, sharing PostgreSQL, an S3 bucket and Redis: the
  // journeys again, shared limits, read-after-write across instances, SIGTERM under load.
  [
    'fleet (Playwright, two instances)',
    'npx',
    ['playwright', 'test', '-c', 'playwright.fleet.config.ts', '--reporter=list,json'],
    { env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'fleet.json') } },
  ],
];

function reportFile(workspace) {
  return join(reports, `${workspace.replace('/', '-')}.json`);
}

function tally() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const ws of workspaces) {
    const file = reportFile(ws);
    if (!existsSync(file)) continue;
    const r = JSON.parse(readFileSync(file, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + r.numTodoTests;
  }
  for (const name of ['e2e.json', 'fleet.json']) {
    const file = join(reports, name);
    if (!existsSync(file)) continue;
    const { stats, errors = [] } = JSON.parse(readFileSync(file, 'utf8'));
    passed += stats.expected + stats.flaky;
    // Errors outside any test (a global setup that could not start the servers) count as failures.
    failed += stats.unexpected + errors.length;
    skipped += stats.skipped;
  }
  return `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
}

for (const [name, command, args, options = {}] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (run.status !== 0) {
    console.log(`\n✗ ${name} failed after ${seconds} s`);
    console.log(`tests: ${tally()}`);
    process.exit(run.status ?? 1);
  }
  console.log(`✓ ${name} (${seconds} s)`);
}

console.log(`\ntests: ${tally()}`);
