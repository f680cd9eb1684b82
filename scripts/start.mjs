#!/usr/bin/env node
// `npm start`: builds what is missing or older than its sources, then runs the server
// in this same process (so signals reach it directly). `--migrate-only` applies migrations and exits;
// `--worker` runs the background jobs instead of the web server (`npm run worker`),
// `--media-backfill` queues the videos stored before processing existed, then exits, and
// `--admin grant|revoke|list` makes or unmakes moderation admins (`npm run admin`), then exits.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib/built-server.mjs';
import { builds, isStale, runBuild } from './lib/builds.mjs';

for (const build of builds.filter((each) => isStale(each))) {
  console.warn(`Building PBShare's ${build.name} (missing, or older than its sources)...`);
  const status = runBuild(build);
  if (status !== 0) process.exit(status);
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
