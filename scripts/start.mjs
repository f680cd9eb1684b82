#!/usr/bin/env node
// `npm start`: builds when the build is missing or older than the sources, then runs the server
// in this same process (so signals reach it directly). `--migrate-only` applies migrations and exits;
// `--worker` runs the background jobs instead of the web server (`npm run worker`),
// `--media-backfill` queues the videos stored before processing existed, then exits, and
// `--admin grant|revoke|list` makes or unmakes moderation admins (`npm run admin`), then exits.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const outputs = [
  'apps/server/dist/main.js',
  'apps/web/dist/index.html',
  'apps/web/dist/public-profile.html',
  'apps/web/dist/pages/index.html',
  'apps/web/dist-ssr/public-page.js',
].map((p) => join(root, p));
const sources = [
  'packages/shared/src',
  'apps/server/src',
  'apps/web/src',
  'apps/web/public',
  'apps/web/build',
  'apps/web/vite.config.ts',
  'package-lock.json',
].map((p) => join(root, p));

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function buildIsStale() {
  if (!outputs.every((p) => existsSync(p))) return true;
  const builtAt = Math.min(...outputs.map((p) => statSync(p).mtimeMs));
  return Math.max(...sources.map(newestMtime)) > builtAt;
}

if (buildIsStale()) {
  console.warn('Building PBShare (the build is missing or older than the sources)...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const entry = process.argv.includes('--migrate-only')
  ? 'migrate.js'
  : process.argv.includes('--worker')
    ? 'worker.js'
    : process.argv.includes('--media-backfill')
      ? 'media-backfill.js'
      : process.argv.includes('--admin')
        ? 'admin.js'
        : 'main.js';
await import(pathToFileURL(join(root, 'apps/server/dist', entry)).href);
