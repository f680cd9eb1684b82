import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { createJobRunner, enqueueJob } from './jobs.js';
import { recordingLog } from './test-fixtures/recording-log.js';
import { spawnSlowWorker } from './test-fixtures/spawn-slow-worker.js';
import { waitUntil } from '../test/wait-until.js';

/**
 * A worker process killed with kill -9 in the middle of a job leaves it running under a lease
 * that is no longer renewed; once the lease runs out, another runner runs the job again.
 */

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.cleanup();
});

it('runs the job of a killed worker process again once its lease runs out', async () => {
  const kind = `slow-${randomUUID().slice(0, 8)}`;
  const id = await enqueueJob(t.database.db, kind, { video: 'v1' });
  const worker = spawnSlowWorker(t.dataDir, {
    JOBS_KIND: kind,
    JOBS_DATA_DIR: t.dataDir,
    JOBS_DATABASE_URL: t.databaseUrl,
    JOBS_LEASE_MS: '600',
  });
  try {
    expect(await worker.claimed()).toBe(1);
  } finally {
    await worker.kill();
  }
  const row = () =>
    t.database.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  expect(await row()).toMatchObject({ state: 'running', attempts: 1 });

  const attempts: number[] = [];
  const runner = createJobRunner({
    database: t.database,
    definitions: [{ kind, run: async (_payload, ctx) => void attempts.push(ctx.attempt) }],
    concurrency: 1,
    log: recordingLog().log,
    pollMs: 20,
    leaseMs: 600,
  });
  runner.start();
  try {
    await waitUntil('the job ran again', async () => (await row()).state === 'done', 5000);
  } finally {
    await runner.stop();
  }
  expect(attempts).toEqual([2]);
  expect(await row()).toMatchObject({ state: 'done', attempts: 2, locked_by: null });
}, 20_000);
