import { randomUUID } from 'node:crypto';
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
import { DONE_JOB_KEEP_MS } from './job-sweep.js';
import { deleteDoneBefore } from './jobs-repository.js';
import { JobTimeoutError } from './run-attempt.js';
import { recordingLog } from './test-fixtures/recording-log.js';
import { sleep, waitUntil } from '../test/wait-until.js';

/**
 * The embedded runner on the `jobs` table: enqueueing commits with the caller's transaction,
 * failures retry with backoff and then park, limits hold, and two runners on one database never
 * run a job twice. Each test uses its own job kinds, so runners of one never see another's jobs.
 */

let t: TestDatabase;
const runners: JobRunner[] = [];
const extraDatabases: Database[] = [];
beforeAll(async () => {
  t = await createTestDatabase();
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  await Promise.all(extraDatabases.splice(0).map((database) => database.close()));
});
afterAll(async () => {
  await t.cleanup();
});

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
    onFinished: (outcome) => outcomes.push(outcome),
    pollMs: 20,
    leaseMs: 1000,
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

describe('the table job runner', () => {
  it('runs a job enqueued in a transaction only if the transaction commits', async () => {
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
    await sleep(100); // several polls: time enough for a job that should not exist to run
    expect(ran).toEqual(['committed']);
    const rows = await t.database.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', kind)
      .execute();
    expect(rows).toEqual([{ id }]);
  });

  it('looks for a job written in this process at once, not at its next poll', async () => {
    const kind = kindOf('woken');
    const ran: number[] = [];
    // A minute between polls: only the wake can find these jobs within the test.
    startRunner([{ kind, run: async (payload: number) => void ran.push(payload) }], {
      pollMs: 60_000,
    });
    await sleep(50); // the first poll, at start, has found nothing

    await t.database.db.transaction().execute((trx) => enqueueJob(trx, kind, 1));
    await waitUntil('the job written in a transaction ran', () => ran.length === 1, 2_000);
    // A burst, each write waking the runner again while it looks or runs: none waits for a poll.
    for (let i = 2; i <= 30; i++) {
      await enqueueJob(t.database.db, kind, i);
      if (i % 5 === 0) await sleep(WAKE_DELAY_MS);
    }
    await waitUntil('every job of the burst ran', () => ran.length === 30, 2_000);
    expect([...ran].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it('retries a failing job with exponential backoff until it succeeds', async () => {
    const kind = kindOf('flaky');
    const startedAt: number[] = [];
    const { outcomes } = startRunner(
      [
        {
          kind,
          async run(_payload, ctx) {
            startedAt.push(Date.now());
            expect(ctx.attempt).toBe(startedAt.length);
            if (ctx.attempt < 3) throw new Error(`failure ${ctx.attempt}`);
          },
        },
      ],
      { backoffMs: 100 },
    );
    const id = await enqueueJob(t.database.db, kind, {});

    await waitUntil('the job succeeded', async () => (await jobRow(id)).state === 'done');
    expect(outcomes.map((o) => o.outcome)).toEqual(['retry', 'retry', 'done']);
    const [first = 0, second = 0, third = 0] = startedAt;
    // Rounded to the millisecond by the ISO timestamps, hence the one-millisecond allowance.
    expect(second - first).toBeGreaterThanOrEqual(100 - 1);
    expect(third - second).toBeGreaterThanOrEqual(200 - 1);
    const row = await jobRow(id);
    expect(row.attempts).toBe(3);
    expect(row.last_error).toContain('failure 2');
  });

  it('parks a job that keeps failing, once, while other jobs keep running', async () => {
    const doomed = kindOf('doomed');
    const healthy = kindOf('healthy');
    const parked: { payload: unknown; error: unknown }[] = [];
    const done: number[] = [];
    const { runner, entries, outcomes } = startRunner(
      [
        {
          kind: doomed,
          maxAttempts: 3,
          run: () => Promise.reject(new Error('the file is corrupt')),
          parked: async (payload, error) => void parked.push({ payload, error }),
        },
        { kind: healthy, run: async (payload: { n: number }) => void done.push(payload.n) },
      ],
      { concurrency: 1 },
    );
    const id = await enqueueJob(t.database.db, doomed, { video: 'v1' });
    for (let n = 0; n < 5; n++) await enqueueJob(t.database.db, healthy, { n });

    await waitUntil('the job was parked', () => parked.length > 0);
    await waitUntil('the other jobs ran', () => done.length === 5);
    await sleep(150); // a parked job is not retried, and not parked again
    expect(parked).toHaveLength(1);
    expect(parked[0]?.payload).toEqual({ video: 'v1' });
    expect(parked[0]?.error).toBeInstanceOf(Error);
    const row = await jobRow(id);
    expect(row).toMatchObject({ state: 'parked', attempts: 3 });
    expect(row.last_error).toContain('the file is corrupt');
    expect(outcomes.filter((o) => o.kind === doomed).map((o) => o.outcome)).toEqual([
      'retry',
      'retry',
      'parked',
    ]);
    expect(entries.some((e) => e.level === 'error' && e.fields.jobId === id)).toBe(true);
    expect(await runner.depth()).toMatchObject({ parked: 1, running: 0 });
  });

  it('parks a job whose runner died during its last attempt', async () => {
    const kind = kindOf('abandoned');
    const parked: unknown[] = [];
    const id = await enqueueJob(t.database.db, kind, { n: 1 });
    // As a killed runner leaves it: running, its last attempt started, the lease run out.
    await t.database.db
      .updateTable('jobs')
      .set({
        state: 'running',
        attempts: 2,
        locked_by: 'a dead runner',
        locked_until: new Date(Date.now() - 1000).toISOString(),
      })
      .where('id', '=', id)
      .execute();
    let ran = false;
    const { outcomes } = startRunner([
      {
        kind,
        maxAttempts: 2,
        run: async () => void (ran = true),
        parked: async (payload) => void parked.push(payload),
      },
    ]);

    await waitUntil('the job was parked', () => parked.length > 0);
    expect(ran).toBe(false);
    expect(parked).toEqual([{ n: 1 }]);
    expect(outcomes).toEqual([expect.objectContaining({ kind, outcome: 'parked' })]);
    const row = await jobRow(id);
    expect(row).toMatchObject({ state: 'parked', attempts: 2, locked_by: null });
    expect(row.last_error).toContain('stopped renewing its lease');
  });

  it('runs no more jobs at once than its concurrency', async () => {
    const kind = kindOf('busy');
    let running = 0;
    let most = 0;
    let finished = 0;
    startRunner(
      [
        {
          kind,
          async run() {
            running++;
            most = Math.max(most, running);
            await sleep(30);
            running--;
            finished++;
          },
        },
      ],
      { concurrency: 3 },
    );
    for (let n = 0; n < 12; n++) await enqueueJob(t.database.db, kind, { n });

    await waitUntil('every job ran', () => finished === 12);
    expect(most).toBe(3);
  });

  it('aborts a job at its timeout and counts the attempt as failed', async () => {
    const kind = kindOf('stuck');
    const reasons: unknown[] = [];
    const { outcomes } = startRunner([
      {
        kind,
        timeoutMs: 50,
        async run(_payload, ctx) {
          if (ctx.attempt > 1) return;
          // Resolving after the abort still counts as a failure: the time was up.
          await new Promise((resolve) => {
            ctx.signal.addEventListener('abort', resolve);
          });
          reasons.push(ctx.signal.reason);
        },
      },
    ]);
    const id = await enqueueJob(t.database.db, kind, {});

    await waitUntil('the job succeeded', async () => (await jobRow(id)).state === 'done');
    expect(reasons).toEqual([expect.any(JobTimeoutError)]);
    expect(outcomes.map((o) => o.outcome)).toEqual(['retry', 'done']);
    expect(outcomes[0]?.durationMs).toBeGreaterThanOrEqual(49);
    expect((await jobRow(id)).last_error).toContain('did not finish within 50 ms');
  });

  it('lets a running job finish when stopped, and claims nothing after', async () => {
    const kind = kindOf('stopping');
    const finished: number[] = [];
    const { runner } = startRunner([
      {
        kind,
        async run(payload: { n: number }) {
          await sleep(100);
          finished.push(payload.n);
        },
      },
    ]);
    const first = await enqueueJob(t.database.db, kind, { n: 1 });
    await waitUntil('the job started', async () => (await jobRow(first)).state === 'running');
    await runner.stop();
    expect(finished).toEqual([1]);
    expect((await jobRow(first)).state).toBe('done');

    const second = await enqueueJob(t.database.db, kind, { n: 2 });
    await sleep(100);
    expect((await jobRow(second)).state).toBe('queued');
  });

  it('never runs one job twice with two runners on the same database', async () => {
    const kind = kindOf('contended');
    const runs = new Map<string, number>();
    const byRunner: [number, number] = [0, 0];
    const definition = (runner: 0 | 1): JobDefinition<{ n: number }> => ({
      kind,
      async run(payload) {
        runs.set(String(payload.n), (runs.get(String(payload.n)) ?? 0) + 1);
        byRunner[runner]++;
        await sleep(payload.n % 3);
      },
    });
    // The second runner has its own connection (pool), as a second process would.
    const other = openDatabase({ databaseUrl: t.databaseUrl, dataDir: t.dataDir });
    extraDatabases.push(other);
    const total = 120;
    await t.database.db.transaction().execute(async (trx) => {
      for (let n = 0; n < total; n++) await enqueueJob(trx, kind, { n });
    });
    // Started together on a full queue, both runners go for the same rows from the first poll.
    startRunner([definition(0)], { concurrency: 4, pollMs: 5 });
    startRunner([definition(1)], { concurrency: 4, pollMs: 5, database: other });

    await waitUntil('every job ran', async () => {
      const done = await t.database.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('kind', '=', kind)
        .where('state', '=', 'done')
        .executeTakeFirstOrThrow();
      return Number(done.count) === total;
    });
    expect(runs.size).toBe(total);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(byRunner.every((count) => count > 0)).toBe(true);
  });
});

describe('the finished-jobs sweep', () => {
  it('removes done jobs older than a week and keeps newer and parked ones', async () => {
    const db = t.database.db;
    const old = new Date(Date.now() - DONE_JOB_KEEP_MS - 60_000).toISOString();
    const ids = await Promise.all(
      ['done-old', 'done-new', 'parked-old'].map((name) => enqueueJob(db, 'sweep-test', { name })),
    );
    const [doneOld, doneNew, parkedOld] = ids as [string, string, string];
    await db
      .updateTable('jobs')
      .set({ state: 'done', updated_at: old })
      .where('id', '=', doneOld)
      .execute();
    await db.updateTable('jobs').set({ state: 'done' }).where('id', '=', doneNew).execute();
    await db
      .updateTable('jobs')
      .set({ state: 'parked', updated_at: old })
      .where('id', '=', parkedOld)
      .execute();

    expect(await deleteDoneBefore(db, new Date(Date.now() - DONE_JOB_KEEP_MS))).toBe(1);
    const left = await db.selectFrom('jobs').select('id').where('id', 'in', ids).execute();
    expect(left.map((r) => r.id).sort()).toEqual([doneNew, parkedOld].sort());
  });
});
