import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { DatabaseSchema } from '../db/schema.js';
import { createBullmqRunner } from './bullmq-runner.js';
import { announceJobQueued } from './job-wake.js';
import { insertJob } from './jobs-repository.js';
import { createTableRunner } from './table-runner.js';

export { WAKE_DELAY_MS } from './job-wake.js';

/**
 * Background jobs: durable, retried with backoff, parked when they keep failing. One port, two
 * adapters: the `jobs` table polled in-process (the embedded default, no extra service), or
 * BullMQ on the fleet's Redis with the same table as its outbox. Callers only see this file.
 */

export interface JobContext {
  /** 1 for the first attempt. */
  attempt: number;
  /** Aborts on the definition's timeout, when the runner stops, or when the lease is lost. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

export interface JobDefinition<P = unknown> {
  kind: string;
  /** Throwing means "retry later", until maxAttempts. */
  run(payload: P, ctx: JobContext): Promise<void>;
  /** Called once, after the last attempt failed. */
  parked?(payload: P, error: unknown): Promise<void>;
  /** Default 5. */
  maxAttempts?: number;
  /** The signal aborts after it and the attempt counts as failed. */
  timeoutMs?: number;
}

export interface JobOutcome {
  kind: string;
  durationMs: number;
  outcome: 'done' | 'retry' | 'parked';
}

export interface EnqueueOptions {
  /** Overrides the definition's maxAttempts for this one job. */
  maxAttempts?: number;
}

/** Writes the job with `db`, which may be a Kysely Transaction: the job exists only if it commits. */
export async function enqueueJob(
  db: Kysely<DatabaseSchema>,
  kind: string,
  payload: unknown,
  options: EnqueueOptions = {},
): Promise<string /* job id */> {
  const id = await insertJob(db, {
    kind,
    payload: JSON.stringify(payload ?? null),
    maxAttempts: options.maxAttempts ?? null,
  });
  // A runner that looks before the transaction commits finds nothing and takes it at its next poll.
  announceJobQueued();
  return id;
}

export interface JobRunner {
  start(): void;
  /** Stops claiming and lets running jobs finish, for at most `stopGraceMs` before aborting them. */
  stop(): Promise<void>;
  depth(): Promise<{ queued: number; running: number; parked: number }>;
}

export interface JobRunnerOptions {
  database: Database;
  definitions: JobDefinition<any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Jobs this process runs at once. */
  concurrency: number;
  log: FastifyBaseLogger;
  /** Given: BullMQ on this Redis; otherwise the table runner. */
  redis?: { url: string; keyPrefix: string };
  onFinished?: (outcome: JobOutcome) => void;
  /**
   * How often to look for due jobs (table) or unsent ones (BullMQ relay). Default 1 s. A job this
   * process writes is looked for at once (WAKE_DELAY_MS); the poll finds the rest: retries that
   * come due, and jobs other processes wrote.
   */
  pollMs?: number;
  /**
   * How long a running job stays its runner's without a heartbeat; renewed every third of it.
   * With BullMQ: its lock duration and stalled-job check interval. Default 30 s.
   */
  leaseMs?: number;
  /** The pause after the first failure; doubled after each further one. Default 10 s. */
  backoffMs?: number;
  /** How long stop() waits for running jobs before aborting their signals. Default 10 s. */
  stopGraceMs?: number;
}

/** Options with every default filled in, as the adapters take them. */
export type RunnerSettings = Required<Omit<JobRunnerOptions, 'redis' | 'onFinished'>> &
  Pick<JobRunnerOptions, 'onFinished'>;

/** BullMQ when `redis` is given, else the table. */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const kinds = new Set<string>();
  for (const definition of options.definitions) {
    if (kinds.has(definition.kind)) throw new Error(`Two job definitions for '${definition.kind}'`);
    kinds.add(definition.kind);
  }
  if (!Number.isInteger(options.concurrency) || options.concurrency < 1) {
    throw new Error('Job runner concurrency must be a whole number of at least 1');
  }
  const settings: RunnerSettings = {
    database: options.database,
    definitions: options.definitions,
    concurrency: options.concurrency,
    log: options.log,
    onFinished: options.onFinished,
    pollMs: options.pollMs ?? 1000,
    leaseMs: options.leaseMs ?? 30_000,
    backoffMs: options.backoffMs ?? 10_000,
    stopGraceMs: options.stopGraceMs ?? 10_000,
  };
  return options.redis ? createBullmqRunner(settings, options.redis) : createTableRunner(settings);
}
