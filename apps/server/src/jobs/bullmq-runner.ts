import { Queue, UnrecoverableError, Worker, type Job, type JobsOptions } from 'bullmq';
import { InFlight } from './in-flight.js';
import {
  countByState,
  findUnsent,
  markSent,
  settleSentJob,
  type JobRow,
} from './jobs-repository.js';
import { onJobQueued, WAKE_DELAY_MS } from './job-wake.js';
import type { JobDefinition, JobRunner, RunnerSettings } from './jobs.js';
import {
  DEFAULT_MAX_ATTEMPTS,
  parkJob,
  runAttempt,
  type AttemptJob,
  type AttemptSettings,
  type OutcomeStore,
} from './run-attempt.js';

const QUEUE_NAME = 'jobs';
const BACKOFF_TYPE = 'pbshare-jobs';
const RELAY_BATCH = 100;
/**
 * Finished jobs stay in Redis this long. While they do, a relay that re-sends a job it had sent
 * (it stopped before marking the row) adds nothing: BullMQ ignores a job id it already holds.
 */
const FINISHED_RETENTION_S = 24 * 60 * 60;

/**
 * The fleet's runner: BullMQ on the shared Redis. Jobs are still enqueued into the `jobs` table,
 * in the caller's transaction (an outbox); the relay here sends committed rows to BullMQ under
 * the row's id and marks them sent. BullMQ then owns delivery: its lock, renewed while a job
 * runs, is the lease, and its stalled-job check gives the job of a dead worker to another.
 */
export function createBullmqRunner(
  settings: RunnerSettings,
  redis: { url: string; keyPrefix: string },
): JobRunner {
  const { database, log, concurrency, pollMs, leaseMs } = settings;
  const db = database.db;
  const definitions = new Map(settings.definitions.map((d) => [d.kind, d]));
  const kinds = [...definitions.keys()];
  const connection = { url: redis.url };
  const prefix = `${redis.keyPrefix}bull`;
  const inFlight = new InFlight(log);
  // A retry's delay is computed with its outcome (run-attempt.ts) and handed to BullMQ here.
  const retryDelays = new Map<string, number>();

  const queue = new Queue(QUEUE_NAME, { connection, prefix });
  queue.on('error', (err) => {
    log.error({ err }, 'Job queue (BullMQ) error');
  });
  let worker: Worker | undefined;

  let state: 'new' | 'running' | 'stopped' = 'new';
  let relayTimer: NodeJS.Timeout | undefined;
  let relaying: Promise<void> | undefined;
  let stopped: Promise<void> | undefined;
  let stopWaking: (() => void) | undefined;
  let relayAgain = false;
  // A wake already on its way: jobs written in a burst do not keep pushing the relay back.
  let woken = false;

  function scheduleRelay(delayMs: number): void {
    relayTimer = setTimeout(() => {
      woken = false;
      relaying = relay()
        .catch((err: unknown) => {
          log.error({ err }, 'Could not send jobs to BullMQ');
        })
        .finally(() => {
          relaying = undefined;
          if (state !== 'running') return;
          scheduleRelay(relayAgain ? WAKE_DELAY_MS : pollMs);
          relayAgain = false;
        });
    }, delayMs);
  }

  /** A job was written here: sends it shortly rather than at the next relay. */
  function wake(): void {
    if (state !== 'running' || woken) return;
    if (relaying) {
      relayAgain = true;
      return;
    }
    woken = true;
    clearTimeout(relayTimer);
    scheduleRelay(WAKE_DELAY_MS);
  }

  async function relay(): Promise<void> {
    for (;;) {
      const rows = await findUnsent(db, kinds, RELAY_BATCH);
      if (rows.length === 0) return;
      await queue.addBulk(
        rows.map((row) => ({
          name: row.kind,
          data: JSON.parse(row.payload) as unknown,
          opts: jobOptions(row),
        })),
      );
      await markSent(
        db,
        rows.map((row) => row.id),
      );
      if (rows.length < RELAY_BATCH) return;
    }
  }

  function jobOptions(row: JobRow): JobsOptions {
    const definition = definitions.get(row.kind);
    return {
      jobId: row.id,
      attempts: row.max_attempts ?? definition?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      backoff: { type: BACKOFF_TYPE },
      removeOnComplete: { age: FINISHED_RETENTION_S },
      removeOnFail: { age: FINISHED_RETENTION_S },
    };
  }

  async function processJob(job: Job): Promise<void> {
    const id = job.id ?? '';
    const definition = definitions.get(job.name) ?? unknownKind(job.name);
    const attemptJob: AttemptJob = {
      id,
      kind: job.name,
      payload: job.data,
      // Counts attempts a dead worker started, as the table's claims do.
      attempt: job.attemptsStarted,
      maxAttempts: job.opts.attempts ?? DEFAULT_MAX_ATTEMPTS,
    };
    const attemptSettings: AttemptSettings = {
      definition,
      log,
      backoffMs: settings.backoffMs,
      onFinished: settings.onFinished,
    };
    let lastError = '';
    const store: OutcomeStore = {
      done: async () => {
        await settleSentJob(db, id, attemptJob.attempt, { state: 'done' });
        return true;
      },
      retry: async (error, delayMs) => {
        lastError = error;
        retryDelays.set(id, delayMs);
        return true;
      },
      park: async (error) => {
        lastError = error;
        await settleSentJob(db, id, attemptJob.attempt, { state: 'parked', error });
        return true;
      },
    };
    const run = (async () => {
      if (attemptJob.attempt > attemptJob.maxAttempts) {
        attemptJob.attempt = attemptJob.maxAttempts;
        const error = new Error('A worker died running its last attempt');
        return parkJob(attemptJob, attemptSettings, store, error, 0);
      }
      return runAttempt(attemptJob, attemptSettings, store, inFlight.stopSignal);
    })();
    inFlight.track(run);
    const outcome = await run;
    // BullMQ records the failure and, for 'retry', schedules the next attempt after the delay.
    if (outcome === 'retry') throw new Error(firstLine(lastError));
    if (outcome === 'parked') throw new UnrecoverableError(firstLine(lastError));
  }

  function backoffStrategy(
    _attemptsMade: number,
    _type?: string,
    _err?: Error,
    job?: { id?: string },
  ) {
    const id = job?.id ?? '';
    const delay = retryDelays.get(id) ?? settings.backoffMs;
    retryDelays.delete(id);
    return delay;
  }

  return {
    start() {
      if (state !== 'new') return;
      state = 'running';
      worker = new Worker(QUEUE_NAME, processJob, {
        connection,
        prefix,
        concurrency,
        autorun: false,
        lockDuration: leaseMs,
        stalledInterval: leaseMs,
        // Attempts are counted by starts (see processJob), so a job that keeps killing its worker
        // is parked there; BullMQ's own stall limit would fail it without calling `parked`.
        maxStalledCount: Number.MAX_SAFE_INTEGER,
        settings: { backoffStrategy },
      });
      worker.on('error', (err) => {
        log.error({ err }, 'Job worker (BullMQ) error');
      });
      worker.run().catch((err: unknown) => {
        log.error({ err }, 'Job worker (BullMQ) stopped');
      });
      stopWaking = onJobQueued(wake);
      scheduleRelay(0);
    },
    stop() {
      stopped ??= (async () => {
        state = 'stopped';
        stopWaking?.();
        clearTimeout(relayTimer);
        // Closing stops fetching at once; it resolves once the jobs it holds have finished.
        const closing = worker?.close();
        await relaying;
        // A job left running would hold close() open for good: then drop the connections instead.
        const drained = await inFlight.drain(settings.stopGraceMs);
        try {
          if (drained) await closing;
          else await worker?.disconnect();
        } catch (err) {
          log.error({ err }, 'Could not close the job worker cleanly');
        }
        await queue.close();
      })();
      return stopped;
    },
    async depth() {
      const [bull, table] = await Promise.all([
        queue.getJobCounts('waiting', 'delayed', 'prioritized', 'paused', 'active'),
        countByState(db),
      ]);
      const waiting =
        (bull.waiting ?? 0) + (bull.delayed ?? 0) + (bull.prioritized ?? 0) + (bull.paused ?? 0);
      return { queued: table.queued + waiting, running: bull.active ?? 0, parked: table.parked };
    },
  };
}

/**
 * A job of a kind this runner does not know (another version relayed it): it fails like any
 * attempt, so while a rolling deploy finishes its retries can land on a runner that knows it.
 */
function unknownKind(kind: string): JobDefinition {
  return {
    kind,
    run: () => Promise.reject(new Error(`No job definition for kind '${kind}' in this runner`)),
  };
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0] ?? text;
}
