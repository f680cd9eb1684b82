import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';

/** Waits until no job is queued or running: the in-process worker has done all it was given. */
export async function jobsSettled(db: Kysely<DatabaseSchema>, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const open = await db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('state', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow();
    // PostgreSQL's count comes back as a string.
    if (Number(open.n) === 0) return;
    if (Date.now() > until) throw new Error(`jobs still open after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
