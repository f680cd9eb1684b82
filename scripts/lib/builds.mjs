// The two builds `npm run build` makes, each with the sources it is made from and a stamp it
// leaves when it succeeds. `npm start` rebuilds only a build whose own sources changed since its
// own stamp: outputs are a poor marker, because `tsc -b` leaves them untouched when nothing it
// emits changed.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './built-server.mjs';

const shared = ['packages/shared/src', 'packages/shared/tsconfig.build.json', 'tsconfig.base.json'];

export const builds = [
  {
    name: 'server',
    command: ['npx', ['tsc', '-b', 'apps/server/tsconfig.build.json']],
    sources: [...shared, 'apps/server/src', 'apps/server/tsconfig.build.json', 'package-lock.json'],
    stamp: 'apps/server/dist/.build-stamp',
  },
  {
    name: 'web',
    command: ['npm', ['run', 'build', '-w', '@pbshare/web']],
    sources: [
      ...shared,
      'apps/web/src',
      'apps/web/public',
      'apps/web/build',
      'apps/web/scripts',
      'apps/web/vite.config.ts',
      'package-lock.json',
    ],
    stamp: 'apps/web/dist/.build-stamp',
  },
];

/** Tests never reach a build, so editing one leaves it current. */
const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (!isTest(entry)) newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Whether the build (in the checkout at `at`) is missing or older than one of its sources. */
export function isStale(build, at = root) {
  const stamp = join(at, build.stamp);
  if (!existsSync(stamp)) return true;
  const builtFrom = statSync(stamp).mtimeMs;
  return build.sources.some((source) => newestMtime(join(at, source)) > builtFrom);
}

/**
 * Runs the build; on success stamps it with the time it started, so a source saved while it ran
 * still counts as newer. Returns the exit status.
 */
export function runBuild(build) {
  const started = new Date();
  const [command, args] = build.command;
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) return run.status ?? 1;
  const stamp = join(root, build.stamp);
  closeSync(openSync(stamp, 'w'));
  utimesSync(stamp, started, started);
  return 0;
}
