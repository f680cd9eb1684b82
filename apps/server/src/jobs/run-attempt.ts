import type { FastifyBaseLogger } from 'fastify';
import type { JobDefinition, JobOutcome } from './jobs.js';

/**
 * What happens around one attempt, whichever runner holds the job: the timeout, the outcome, the
 * backoff, parking and reporting. The runners only decide how an outcome is stored.
 */

export const DEFAULT_MAX_ATTEMPTS = 5;

/** The pause before attempt `attempt + 1`: doubles with each failure. */
export function backoffDelay(backoffMs: number, attempt: number): number {
  return backoffMs * 2 ** (attempt - 1);
}

export class JobTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`The job did not finish within ${timeoutMs} ms`);
    this.name = 'JobTimeoutError';
  }
}

export interface AttemptJob {
  id: string;
  kind: string;
  payload: unknown;
  /** 1 for the first attempt. */
  attempt: number;
  maxAttempts: number;
}

/**
 * How a runner stores an outcome. Each answers false when the job is no longer this attempt's
 * (its lease was lost): the attempt's result is then dropped and not reported.
 */
export interface OutcomeStore {
  done(): Promise<boolean>;
  retry(error: string, delayMs: number): Promise<boolean>;
  park(error: string): Promise<boolean>;
}

export interface AttemptSettings {
  definition: JobDefinition;
  log: FastifyBaseLogger;
  backoffMs: number;
  onFinished: ((outcome: JobOutcome) => void) | undefined;
}

/**
 * Runs one attempt and stores its outcome. The attempt ends when `run` settles, not when its
 * timeout fires: the job must stop when its signal aborts, and until it does no retry starts, so
 * one job never runs twice at once. `interrupt` aborts the signal too (shutdown, lost lease).
 */
export async function runAttempt(
  job: AttemptJob,
  settings: AttemptSettings,
  store: OutcomeStore,
  interrupt: AbortSignal,
): Promise<JobOutcome['outcome'] | 'lost'> {
  const log = settings.log.child({ jobId: job.id, kind: job.kind, attempt: job.attempt });
  const started = performance.now();
  const timeout = new AbortController();
  const { timeoutMs } = settings.definition;
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timeout.abort(new JobTimeoutError(timeoutMs));
        }, timeoutMs);
  const signal = AbortSignal.any([timeout.signal, interrupt]);

  let failure: { error: unknown } | undefined;
  try {
    await settings.definition.run(job.payload, { attempt: job.attempt, signal, log });
  } catch (error) {
    failure = { error };
  } finally {
    clearTimeout(timer);
  }
  if (timeout.signal.aborted) failure = { error: timeout.signal.reason };
  const durationMs = Math.round(performance.now() - started);

  if (!failure) {
    if (!(await store.done())) return lost(log);
    report(settings, { kind: job.kind, durationMs, outcome: 'done' });
    return 'done';
  }
  if (job.attempt >= job.maxAttempts) {
    return parkJob(job, settings, store, failure.error, durationMs);
  }
  const delayMs = backoffDelay(settings.backoffMs, job.attempt);
  if (!(await store.retry(describeError(failure.error), delayMs))) return lost(log);
  log.warn({ err: failure.error, retryInMs: delayMs }, 'Job attempt failed: retrying');
  report(settings, { kind: job.kind, durationMs, outcome: 'retry' });
  return 'retry';
}

/**
 * Parks a job for good: it stays in the table with its last error, and the definition's `parked`
 * runs once, after the park is stored, so a runner that loses the race never calls it.
 */
export async function parkJob(
  job: AttemptJob,
  settings: AttemptSettings,
  store: OutcomeStore,
  error: unknown,
  durationMs: number,
): Promise<'parked' | 'lost'> {
  const log = settings.log.child({ jobId: job.id, kind: job.kind, attempt: job.attempt });
  if (!(await store.park(describeError(error)))) return lost(log);
  log.error({ err: error, attempts: job.attempt }, 'Job failed on its last attempt: parked');
  try {
    await settings.definition.parked?.(job.payload, error);
  } catch (hookError) {
    log.error({ err: hookError }, "The job's parked hook failed");
  }
  report(settings, { kind: job.kind, durationMs, outcome: 'parked' });
  return 'parked';
}

function lost(log: FastifyBaseLogger): 'lost' {
  log.warn('Job lease was lost to another runner: this attempt result is dropped');
  return 'lost';
}

function report(settings: AttemptSettings, outcome: JobOutcome): void {
  try {
    settings.onFinished?.(outcome);
  } catch (error) {
    settings.log.error({ err: error }, 'A job onFinished callback threw');
  }
}

const MAX_ERROR_LENGTH = 4000;

/** The error as kept in `last_error`: its stack when there is one, bounded. */
export function describeError(error: unknown): string {
  const text =
    error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH)}…` : text;
}
