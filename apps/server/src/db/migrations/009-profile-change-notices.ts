import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * On PostgreSQL, every bump of `users.profile_version` and every deleted user is announced on
 * the `pbshare_feed` channel when its transaction commits, whichever code (or person) made it:
 * that is what lets each server process keep its public answers without reading the version on
 * every request (db/postgres-change-feed.ts). SQLite has no such channel; nothing changes there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`
    create function pbshare_profile_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('pbshare_feed', 'change');
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger users_profile_changed
    after update of profile_version or delete on users
    for each row execute function pbshare_profile_changed()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop trigger users_profile_changed on users`.execute(db);
  await sql`drop function pbshare_profile_changed()`.execute(db);
}
