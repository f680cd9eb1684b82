import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';
import { waitUntil } from './wait-until.js';

/** Waits until no job is queued or running: the in-process worker has done all it was given. */
export async function jobsSettled(db: Kysely<DatabaseSchema>, timeoutMs = 30_000): Promise<void> {
  await waitUntil(
    'no job is queued or running',
    async () => {
      const open = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('state', 'in', ['queued', 'running'])
        .executeTakeFirstOrThrow();
      // PostgreSQL's count comes back as a string.
      return Number(open.n) === 0;
    },
    timeoutMs,
  );
}
