import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database } from '../db/database.js';
import { openDatabase } from '../open-database.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import {
  createJobRunner,
  enqueueJob,
  type JobDefinition,
  type JobOutcome,
  type JobRunner,
  type JobRunnerOptions,
  WAKE_DELAY_MS,
} from './jobs.js';
import { recordingLog } from './test-fixtures/recording-log.js';
import { spawnSlowWorker } from './test-fixtures/spawn-slow-worker.js';
import { sleep, waitUntil } from '../test/wait-until.js';

/**
 * The BullMQ runner on a real Redis, with the `jobs` table as its outbox: the same guarantees as
 * the table runner. Each test has its own key prefix (its own queue), all removed at the end.
 */

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const filePrefix = `pbshare-test:${randomUUID()}:`;
let t: TestDatabase;
let redis: Redis;
const runners: JobRunner[] = [];
const extraDatabases: Database[] = [];
beforeAll(async () => {
  t = await createTestDatabase();
  redis = new Redis(redisUrl);
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  await Promise.all(extraDatabases.splice(0).map((database) => database.close()));
});
afterAll(async () => {
  const keys = await redis.keys(`${filePrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  await t.cleanup();
});

let testPrefix = '';
function newQueue(): string {
  testPrefix = `${filePrefix}${randomUUID().slice(0, 8)}:`;
  return testPrefix;
}

function kindOf(name: string): string {
  return `${name}-${randomUUID().slice(0, 8)}`;
}

function startRunner(
  definitions: JobDefinition<any>[], // eslint-disable-line @typescript-eslint/no-explicit-any
  options: Partial<JobRunnerOptions> = {},
) {
  const { log, entries } = recordingLog();
  const outcomes: JobOutcome[] = [];
  const runner = createJobRunner({
    database: t.database,
    definitions,
    concurrency: 2,
    log,
    redis: { url: redisUrl, keyPrefix: testPrefix },
    onFinished: (outcome) => outcomes.push(outcome),
    pollMs: 20,
    leaseMs: 500,
    backoffMs: 50,
    ...options,
  });
  runners.push(runner);
  runner.start();
  return { runner, entries, outcomes };
}

async function jobRow(id: string) {
  return t.database.db
    .selectFrom('jobs')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('the BullMQ job runner', () => {
  it('sends a job enqueued in a transaction only if the transaction commits', async () => {
    newQueue();
    const kind = kindOf('atomic');
    const ran: string[] = [];
    startRunner([{ kind, run: async (payload: { name: string }) => void ran.push(payload.name) }]);

    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await enqueueJob(trx, kind, { name: 'rolled back' });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    const id = await t.database.db.transaction().execute(async (trx) => {
      return enqueueJob(trx, kind, { name: 'committed' });
    });

    await waitUntil('the committed job ran', async () => (await jobRow(id)).state === 'done');
    await sleep(100);
    expect(ran).toEqual(['committed']);
    const rows = await t.database.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', kind)
      .execute();
    expect(rows).toEqual([{ id }]);
    // The row's id is the BullMQ job id: what makes sending twice harmless.
    expect(await redis.exists(`${testPrefix}bull:jobs:${id}`)).toBe(1);
  });

  it('sends a job written in this process at once, not at the next relay', async () => {
    newQueue();
    const kind = kindOf('woken');
    const ran: number[] = [];
    // A minute between relays: only the wake can send these jobs within the test.
    startRunner([{ kind, run: async (payload: number) => void ran.push(payload) }], {
      pollMs: 60_000,
    });
    await sleep(100); // the first relay, at start, has sent nothing

    await t.database.db.transaction().execute((trx) => enqueueJob(trx, kind, 1));
    await waitUntil('the job written in a transaction ran', () => ran.length === 1, 3_000);
    for (let i = 2; i <= 30; i++) {
      await enqueueJob(t.database.db, kind, i);
      if (i % 5 === 0) await sleep(WAKE_DELAY_MS);
    }
    await waitUntil('every job of the burst ran', () => ran.length === 30, 3_000);
    expect([...ran].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it('adds nothing when the relay sends a job again (it stopped before marking it sent)', async () => {
    newQueue();
    const kind = kindOf('resent');
    let runs = 0;
    startRunner([
      {
        kind,
        run: async () => {
          runs++;
        },
      },
    ]);
    const id = await enqueueJob(t.database.db, kind, {});
    await waitUntil('the job ran', async () => (await jobRow(id)).state === 'done');

    // As a relay that read the row before the job finished (or died before marking it) sees it.
    await t.database.db.updateTable('jobs').set({ state: 'queued' }).where('id', '=', id).execute();
    await waitUntil('the relay sent it again', async () => (await jobRow(id)).state === 'sent');
    await sleep(150);
    expect(runs).toBe(1);
  });

  it('retries with backoff, then parks a job that keeps failing, once', async () => {
    newQueue();
    const doomed = kindOf('doomed');
    const healthy = kindOf('healthy');
    const startedAt: number[] = [];
    const parked: unknown[] = [];
    const done: number[] = [];
    const { entries, outcomes } = startRunner(
      [
        {
          kind: doomed,
          maxAttempts: 3,
          async run(_payload, ctx) {
            startedAt.push(Date.now());
            expect(ctx.attempt).toBe(startedAt.length);
            throw new Error(`the file is corrupt (${ctx.attempt})`);
          },
          parked: async (payload) => void parked.push(payload),
        },
        { kind: healthy, run: async (payload: { n: number }) => void done.push(payload.n) },
      ],
      { concurrency: 1, backoffMs: 100 },
    );
    const id = await enqueueJob(t.database.db, doomed, { video: 'v1' });
    for (let n = 0; n < 5; n++) await enqueueJob(t.database.db, healthy, { n });

    await waitUntil('the job was parked', () => parked.length > 0);
    await waitUntil('the other jobs ran', () => done.length === 5);
    await sleep(200);
    expect(parked).toEqual([{ video: 'v1' }]);
    expect(outcomes.filter((o) => o.kind === doomed).map((o) => o.outcome)).toEqual([
      'retry',
      'retry',
      'parked',
    ]);
    const [first = 0, second = 0, third = 0] = startedAt;
    expect(second - first).toBeGreaterThanOrEqual(100);
    expect(third - second).toBeGreaterThanOrEqual(200);
    const row = await jobRow(id);
    expect(row).toMatchObject({ state: 'parked', attempts: 3 });
    expect(row.last_error).toContain('the file is corrupt (3)');
    expect(entries.some((e) => e.level === 'error' && e.fields.jobId === id)).toBe(true);
  });

  it('retries a failing job until it succeeds', async () => {
    newQueue();
    const kind = kindOf('flaky');
    const { runner, outcomes } = startRunner([
      {
        kind,
        async run(_payload, ctx) {
          if (ctx.attempt < 2) throw new Error('not yet');
        },
      },
    ]);
    // Parked jobs of earlier tests count too: the depth is the whole table's.
    const { parked } = await runner.depth();
    const id = await enqueueJob(t.database.db, kind, {});
    await waitUntil('the job succeeded', async () => (await jobRow(id)).state === 'done');
    expect(outcomes.map((o) => o.outcome)).toEqual(['retry', 'done']);
    // BullMQ moves the job out of its active list just after the handler's row is marked done.
    await waitUntil(
      'the job left the active list',
      async () => (await runner.depth()).running === 0,
    );
    expect(await runner.depth()).toEqual({ queued: 0, running: 0, parked });
  });

  it('never runs one job twice with two runners on the same queue', async () => {
    newQueue();
    const kind = kindOf('contended');
    const runs = new Map<number, number>();
    const byRunner: [number, number] = [0, 0];
    const definition = (runner: 0 | 1): JobDefinition<{ n: number }> => ({
      kind,
      async run(payload) {
        runs.set(payload.n, (runs.get(payload.n) ?? 0) + 1);
        byRunner[runner]++;
        await sleep(payload.n % 3);
      },
    });
    const other = openDatabase({ databaseUrl: t.databaseUrl, dataDir: t.dataDir });
    extraDatabases.push(other);
    const total = 80;
    await t.database.db.transaction().execute(async (trx) => {
      for (let n = 0; n < total; n++) await enqueueJob(trx, kind, { n });
    });
    // Both relays send the same rows, and both workers take from the one queue.
    startRunner([definition(0)], { concurrency: 4 });
    startRunner([definition(1)], { concurrency: 4, database: other });

    await waitUntil('every job ran', async () => {
      const done = await t.database.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('kind', '=', kind)
        .where('state', '=', 'done')
        .executeTakeFirstOrThrow();
      return Number(done.count) === total;
    });
    await sleep(100);
    expect(runs.size).toBe(total);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(byRunner.every((count) => count > 0)).toBe(true);
  });

  it('runs the job of a killed worker process again (stalled-job check)', async () => {
    const keyPrefix = newQueue();
    const kind = kindOf('slow');
    const id = await enqueueJob(t.database.db, kind, { video: 'v1' });
    const worker = spawnSlowWorker(t.dataDir, {
      JOBS_KIND: kind,
      JOBS_DATA_DIR: t.dataDir,
      JOBS_DATABASE_URL: t.databaseUrl,
      JOBS_LEASE_MS: '500',
      JOBS_REDIS_URL: redisUrl,
      JOBS_REDIS_PREFIX: keyPrefix,
    });
    try {
      expect(await worker.claimed()).toBe(1);
    } finally {
      await worker.kill();
    }
    // 'queued' if it was killed before marking the row sent: the next relay's send adds nothing.
    expect(['queued', 'sent']).toContain((await jobRow(id)).state);

    const attempts: number[] = [];
    startRunner([{ kind, run: async (_payload, ctx) => void attempts.push(ctx.attempt) }]);
    await waitUntil('the job ran again', async () => (await jobRow(id)).state === 'done', 8000);
    expect(attempts).toEqual([2]);
    expect((await jobRow(id)).attempts).toBe(2);
  }, 20_000);
});
