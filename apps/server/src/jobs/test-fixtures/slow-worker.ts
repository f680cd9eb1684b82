import { renameSync, writeFileSync } from 'node:fs';
import { openDatabase } from '../../open-database.js';
import { createJobRunner } from '../jobs.js';
import { recordingLog } from './recording-log.js';

/**
 * A worker process for the kill -9 tests (see spawn-slow-worker.ts): runs one runner on the
 * test's database (and Redis, if given) whose job writes a marker file once it has started, then
 * hangs until the test kills the process.
 */

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`slow-worker needs ${name}`);
  return value;
}

const marker = required('JOBS_MARKER');
const redisUrl = process.env.JOBS_REDIS_URL;
const database = openDatabase({
  dataDir: required('JOBS_DATA_DIR'),
  databaseUrl: process.env.JOBS_DATABASE_URL,
});
const { log } = recordingLog((entry) => {
  if (entry.level === 'error' || entry.level === 'fatal') console.error(JSON.stringify(entry));
});

const runner = createJobRunner({
  database,
  definitions: [
    {
      kind: required('JOBS_KIND'),
      async run(_payload, ctx) {
        // Written whole, then renamed, so the test never reads a half-written marker.
        writeFileSync(`${marker}.tmp`, String(ctx.attempt));
        renameSync(`${marker}.tmp`, marker);
        await new Promise(() => undefined);
      },
    },
  ],
  concurrency: 1,
  log,
  redis: redisUrl ? { url: redisUrl, keyPrefix: required('JOBS_REDIS_PREFIX') } : undefined,
  pollMs: 20,
  leaseMs: Number(required('JOBS_LEASE_MS')),
});
runner.start();

// Never outlive a test that failed to kill this process.
setTimeout(() => process.exit(1), 30_000);
