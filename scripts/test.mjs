#!/usr/bin/env node
// `npm test`: every check a change must pass, in the order that fails fastest, then one closing
// line with the counts across all suites ("N passed, N failed"), which CI reads.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const reports = join(root, '.tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

// `scripts` holds the repository's own checks (docs map, lint fences), run by vitest like a workspace.
const workspaces = ['packages/shared', 'apps/server', 'apps/web', 'scripts'];

/**
 * A second Node for the unit and integration tests (CI sets it to Node 24, prepared by
 * `.ci/node-24`): a folder with `bin/node`. @pbshare/sqlite picks the SQLite driver built for it.
 */
const otherNode = process.env.PBSHARE_OTHER_NODE;

function vitestStep(ws, label, options = {}, filters = []) {
  return [
    `unit and integration${label}: ${ws}`,
    'npx',
    [
      'vitest',
      'run',
      ...filters,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reportFile(ws + label)}`,
    ],
    { cwd: join(root, ws), ...options },
  ];
}

const steps = [
  ['lint', 'npm', ['run', 'lint']],
  ['format', 'npm', ['run', 'format:check']],
  ['typecheck', 'npm', ['run', 'typecheck']],
  ...workspaces.map((ws) => vitestStep(ws, '')),
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

if (otherNode) {
  const version = spawnSync(join(otherNode, 'bin/node'), ['-v'], {
    encoding: 'utf8',
  }).stdout.trim();
  // What differs between Node releases is the runtime and the SQLite driver (a native addon; the
  // PostgreSQL client is plain JavaScript), so this leg runs the shared rules, the server's unit
  // tests and its database tests on SQLite. The web's tests run in a simulated browser, and the
  // integration flows repeat on Node 20 above: running them twice cost CI a quarter of an hour.
  const { TEST_DATABASE_URL: _postgres, ...rest } = process.env;
  const env = { ...rest, PATH: `${join(otherNode, 'bin')}:${process.env.PATH}` };
  steps.push(
    vitestStep('packages/shared', ` on Node ${version}`, { env }),
    vitestStep('apps/server', ` (unit) on Node ${version}`, { env }, [
      '--exclude=**/*.int.test.ts',
    ]),
    vitestStep('apps/server', ` (database) on Node ${version}`, { env }, ['src/db']),
  );
}

function reportFile(label) {
  return join(reports, `${label.replaceAll(/[^\w.-]+/g, '-')}.json`);
}

function tally() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const file of readdirSync(reports).filter(
    (name) => !['e2e.json', 'fleet.json'].includes(name),
  )) {
    const r = JSON.parse(readFileSync(join(reports, file), 'utf8'));
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
