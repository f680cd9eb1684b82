import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';
import { deleteDoneBefore } from './jobs-repository.js';

/** Finished jobs are kept this long (what ran, when, for a look after an incident). */
export const DONE_JOB_KEEP_MS = 7 * 24 * 60 * 60_000;
const SWEEP_EVERY_MS = 60 * 60_000;

/**
 * Keeps the jobs table from growing without end: at start and hourly, finished jobs older than a
 * week go. Every process may run it: a second delete of the same rows deletes nothing.
 */
export function startJobSweep(db: Kysely<DatabaseSchema>, log: FastifyBaseLogger): () => void {
  const run = () => {
    deleteDoneBefore(db, new Date(Date.now() - DONE_JOB_KEEP_MS)).then(
      (removed) => {
        if (removed > 0) log.info({ removed }, 'removed finished jobs older than a week');
      },
      (err: unknown) => {
        log.warn({ err }, 'could not sweep finished jobs');
      },
    );
  };
  run();
  const timer = setInterval(run, SWEEP_EVERY_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
  };
}
