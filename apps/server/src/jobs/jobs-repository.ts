import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema, JobsTable, JobState } from '../db/schema.js';

/**
 * Every statement on the `jobs` table. State changes are compare-and-set updates (the row must
 * still be as the caller last saw it) and report whether they won, so two runners racing for a
 * row need no locks or dialect-specific SQL: one update matches, the other matches nothing.
 */

export type JobRow = Selectable<JobsTable>;

/** Who holds a running job: the runner that claimed it, and the attempt it started. */
export interface Lease {
  id: string;
  worker: string;
  attempt: number;
}

export type Settlement =
  | { state: 'done' }
  | { state: 'queued'; runAt: Date; error: string }
  | { state: 'parked'; error: string };

type Db = Kysely<DatabaseSchema>;

export async function insertJob(
  db: Db,
  job: { kind: string; payload: string; maxAttempts: number | null },
): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('jobs')
    .values({
      id,
      kind: job.kind,
      payload: job.payload,
      state: 'queued',
      max_attempts: job.maxAttempts,
      run_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** Queued jobs that are due, and running jobs whose runner stopped renewing its lease. */
export async function findClaimable(
  db: Db,
  kinds: readonly string[],
  now: Date,
  limit: number,
): Promise<JobRow[]> {
  if (kinds.length === 0) return [];
  const at = now.toISOString();
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('kind', 'in', kinds)
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'queued'), eb('run_at', '<=', at)]),
        eb.and([eb('state', '=', 'running'), eb('locked_until', '<', at)]),
      ]),
    )
    .orderBy('run_at')
    .limit(limit)
    .execute();
}

/**
 * Takes a row found by findClaimable and starts its next attempt. Every claim bumps `attempts`, so
 * matching on it as well as the state means a row can be claimed once per version.
 */
export async function claimJob(db: Db, row: JobRow, worker: string, leaseMs: number) {
  const now = Date.now();
  const result = await db
    .updateTable('jobs')
    .set({
      state: 'running',
      attempts: row.attempts + 1,
      locked_by: worker,
      locked_until: new Date(now + leaseMs).toISOString(),
      updated_at: new Date(now).toISOString(),
    })
    .where('id', '=', row.id)
    .where('state', '=', row.state)
    .where('attempts', '=', row.attempts)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Parks a running row whose lease ran out when it had no attempts left. */
export async function parkAbandonedJob(db: Db, row: JobRow, error: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({
      state: 'parked',
      last_error: error,
      locked_by: null,
      locked_until: null,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', row.id)
    .where('state', '=', 'running')
    .where('attempts', '=', row.attempts)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The heartbeat: false once the lease was lost (another runner took the job over). */
export async function extendLease(db: Db, lease: Lease, leaseMs: number): Promise<boolean> {
  const now = Date.now();
  const result = await db
    .updateTable('jobs')
    .set({
      locked_until: new Date(now + leaseMs).toISOString(),
      updated_at: new Date(now).toISOString(),
    })
    .where((eb) => eb.and(leased(lease)))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Ends an attempt, unless the lease was lost meanwhile: then the new holder's result counts. */
export async function settleLeasedJob(
  db: Db,
  lease: Lease,
  settlement: Settlement,
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ ...settlementColumns(settlement), locked_by: null, locked_until: null })
    .where((eb) => eb.and(leased(lease)))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

function leased(lease: Lease) {
  return {
    id: lease.id,
    state: 'running' as const,
    locked_by: lease.worker,
    attempts: lease.attempt,
  };
}

/** Queued rows for the BullMQ relay to send, oldest first. */
export async function findUnsent(
  db: Db,
  kinds: readonly string[],
  limit: number,
): Promise<JobRow[]> {
  if (kinds.length === 0) return [];
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('kind', 'in', kinds)
    .where('state', '=', 'queued')
    .orderBy('run_at')
    .limit(limit)
    .execute();
}

export async function markSent(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('jobs')
    .set({ state: 'sent', updated_at: new Date().toISOString() })
    .where('id', 'in', ids)
    .where('state', '=', 'queued')
    .execute();
}

/**
 * Records the end of a job BullMQ ran. A row still 'queued' counts too: the relay may have added
 * the job to BullMQ and stopped before marking it sent, and must not send it again.
 */
export async function settleSentJob(
  db: Db,
  id: string,
  attempt: number,
  settlement: Exclude<Settlement, { state: 'queued' }>,
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ ...settlementColumns(settlement), attempts: attempt })
    .where('id', '=', id)
    .where('state', 'in', ['queued', 'sent'])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

function settlementColumns(settlement: Settlement) {
  const updated_at = new Date().toISOString();
  switch (settlement.state) {
    case 'done':
      return { state: 'done' as const, updated_at };
    case 'queued':
      return {
        state: 'queued' as const,
        run_at: settlement.runAt.toISOString(),
        last_error: settlement.error,
        updated_at,
      };
    case 'parked':
      return { state: 'parked' as const, last_error: settlement.error, updated_at };
  }
}

export async function countByState(db: Db): Promise<Record<JobState, number>> {
  const rows = await db
    .selectFrom('jobs')
    .select(['state', (eb) => eb.fn.countAll<number | string | bigint>().as('count')])
    .groupBy('state')
    .execute();
  const counts: Record<JobState, number> = { queued: 0, running: 0, sent: 0, done: 0, parked: 0 };
  for (const row of rows) counts[row.state] = Number(row.count);
  return counts;
}

/** Removes finished jobs last touched before `before`; parked ones stay, for whoever looks. */
export async function deleteDoneBefore(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('state', '=', 'done')
    .where('updated_at', '<', before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
