import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { InFlight } from './in-flight.js';
import {
  claimJob,
  countByState,
  extendLease,
  findClaimable,
  parkAbandonedJob,
  settleLeasedJob,
  type JobRow,
  type Lease,
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

/**
 * The embedded runner: polls the `jobs` table and runs due jobs in this process. A claimed job is
 * leased, not locked, and the lease is renewed while the job runs: if the process dies (kill -9,
 * power loss) nothing is left holding it, and once the lease runs out any runner claims it again.
 */
export function createTableRunner(settings: RunnerSettings): JobRunner {
  const { database, log, concurrency, pollMs, leaseMs } = settings;
  const db = database.db;
  const worker = `${hostname()}:${process.pid}:${randomUUID()}`;
  const definitions = new Map(settings.definitions.map((d) => [d.kind, d]));
  const kinds = [...definitions.keys()];
  const inFlight = new InFlight(log);
  const leases = new Map<string, { lease: Lease; lost: AbortController }>();

  let state: 'new' | 'running' | 'stopped' = 'new';
  let pollTimer: NodeJS.Timeout | undefined;
  let heartbeatTimer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;
  let pollAgain = false;
  let stopped: Promise<void> | undefined;
  let stopWaking: (() => void) | undefined;
  // A wake already on its way: jobs written in a burst do not keep pushing the look back.
  let woken = false;

  /** A job was written here: looks for it shortly rather than at the next poll. */
  function wake(): void {
    if (state !== 'running' || woken) return;
    if (polling) {
      pollAgain = true;
      return;
    }
    woken = true;
    clearTimeout(pollTimer);
    pollTimer = setTimeout(poll, WAKE_DELAY_MS);
  }

  /** Claims jobs now; while a poll runs, asks for one more right after it. */
  function poll(): void {
    if (state !== 'running') return;
    if (polling) {
      pollAgain = true;
      return;
    }
    clearTimeout(pollTimer);
    woken = false;
    polling = fillSlots()
      .catch((err: unknown) => {
        log.error({ err }, 'Could not claim jobs');
      })
      .finally(() => {
        polling = undefined;
        if (state !== 'running') return;
        if (pollAgain) {
          pollAgain = false;
          poll();
        } else {
          pollTimer = setTimeout(poll, pollMs);
        }
      });
  }

  async function fillSlots(): Promise<void> {
    const free = () => state === 'running' && inFlight.size < concurrency;
    while (free()) {
      const wanted = concurrency - inFlight.size;
      const rows = await findClaimable(db, kinds, new Date(), wanted);
      let claimed = 0;
      for (const row of rows) {
        if (!free()) return;
        const definition = definitions.get(row.kind);
        // A lease of our own that ran out (heartbeats failing) is not taken twice by this runner.
        if (!definition || leases.has(row.id)) continue;
        const maxAttempts = row.max_attempts ?? definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
        if (row.state === 'running' && row.attempts >= maxAttempts) {
          inFlight.track(parkAbandoned(row, definition, maxAttempts));
        } else if (await claimJob(db, row, worker, leaseMs)) {
          claimed++;
          inFlight.track(runClaimed(row, definition, maxAttempts));
        }
      }
      // Fewer rows than free slots means none are left; none claimed means others took them.
      if (claimed === 0 || rows.length < wanted) return;
    }
  }

  function attemptSettings(definition: JobDefinition): AttemptSettings {
    return { definition, log, backoffMs: settings.backoffMs, onFinished: settings.onFinished };
  }

  async function runClaimed(row: JobRow, definition: JobDefinition, maxAttempts: number) {
    const attempt = row.attempts + 1;
    const lease: Lease = { id: row.id, worker, attempt };
    const lost = new AbortController();
    leases.set(row.id, { lease, lost });
    if (row.state === 'running') {
      log.warn(
        { jobId: row.id, kind: row.kind, attempt },
        'A job runner stopped renewing its lease (it died?): running the job again',
      );
    }
    // Forgetting the lease before settling keeps the heartbeat from mistaking the end for a loss.
    const settle = (settlement: Parameters<typeof settleLeasedJob>[2]) => {
      leases.delete(row.id);
      return settleLeasedJob(db, lease, settlement);
    };
    const store: OutcomeStore = {
      done: () => settle({ state: 'done' }),
      retry: (error, delayMs) =>
        settle({ state: 'queued', runAt: new Date(Date.now() + delayMs), error }),
      park: (error) => settle({ state: 'parked', error }),
    };
    try {
      await runAttempt(
        toAttemptJob(row, attempt, maxAttempts),
        attemptSettings(definition),
        store,
        AbortSignal.any([inFlight.stopSignal, lost.signal]),
      );
    } catch (err) {
      // Storing the outcome failed (the database?): the lease runs out and the job runs again.
      log.error({ err, jobId: row.id, kind: row.kind }, 'Could not finish a job attempt');
    } finally {
      leases.delete(row.id);
      poll();
    }
  }

  async function parkAbandoned(row: JobRow, definition: JobDefinition, max: number) {
    const error = new Error(
      `The runner of attempt ${row.attempts} stopped renewing its lease, and no attempts are left`,
    );
    const store: OutcomeStore = {
      done: () => Promise.resolve(false),
      retry: () => Promise.resolve(false),
      park: (text) => parkAbandonedJob(db, row, text),
    };
    try {
      await parkJob(
        toAttemptJob(row, row.attempts, max),
        attemptSettings(definition),
        store,
        error,
        0,
      );
    } catch (err) {
      log.error({ err, jobId: row.id, kind: row.kind }, 'Could not park an abandoned job');
    }
  }

  let beating = false;
  async function heartbeat(): Promise<void> {
    if (beating) return;
    beating = true;
    try {
      await Promise.all(
        [...leases.values()].map(async ({ lease, lost }) => {
          try {
            if (await extendLease(db, lease, leaseMs)) return;
            if (!leases.has(lease.id)) return;
            log.warn({ jobId: lease.id }, 'Job lease lost to another runner: aborting the attempt');
            lost.abort(new Error('The job lease was lost'));
          } catch (err) {
            log.error({ err, jobId: lease.id }, 'Could not renew a job lease');
          }
        }),
      );
    } finally {
      beating = false;
    }
  }

  return {
    start() {
      if (state !== 'new') return;
      state = 'running';
      heartbeatTimer = setInterval(() => void heartbeat(), Math.max(1, Math.floor(leaseMs / 3)));
      stopWaking = onJobQueued(wake);
      poll();
    },
    stop() {
      stopped ??= (async () => {
        state = 'stopped';
        stopWaking?.();
        clearTimeout(pollTimer);
        await polling;
        await inFlight.drain(settings.stopGraceMs);
        clearInterval(heartbeatTimer);
      })();
      return stopped;
    },
    async depth() {
      const counts = await countByState(db);
      return { queued: counts.queued, running: counts.running, parked: counts.parked };
    },
  };
}

function toAttemptJob(row: JobRow, attempt: number, maxAttempts: number): AttemptJob {
  return { id: row.id, kind: row.kind, payload: JSON.parse(row.payload), attempt, maxAttempts };
}
