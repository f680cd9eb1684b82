#!/usr/bin/env node
// `npm run build`: the server (with the shared package) and then the web app, each stamped for
// `npm start`'s check of what is current (scripts/lib/builds.mjs).
import { builds, runBuild } from './lib/builds.mjs';

for (const build of builds) {
  const status = runBuild(build);
  if (status !== 0) process.exit(status);
}
