import { sql, type Kysely } from 'kysely';

/**
 * At most one open appeal per decision, held by the database: the service's check reads before it
 * writes, so two appeals sent at the same instant could otherwise both be stored. Any such pair
 * already stored keeps its oldest appeal open and closes the rest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update appeals set status = 'resolved', resolved_at = created_at
    where status = 'open' and exists (
      select 1 from appeals older
      where older.action_id = appeals.action_id and older.status = 'open'
        and (older.created_at < appeals.created_at
          or (older.created_at = appeals.created_at and older.id < appeals.id))
    )`.execute(db);
  await sql`create unique index appeals_one_open on appeals (action_id) where status = 'open'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('appeals_one_open').execute();
}
