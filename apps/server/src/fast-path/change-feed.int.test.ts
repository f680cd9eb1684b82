import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { insertUser } from '../test/user-rows.js';
import { NO_CHANGE_FEED, type ChangeFeed } from '../db/change-feed.js';
import { changeProfile, deleteProfile } from '../db/profile-version.js';
import {
  DEFAULT_FEED_TIMING,
  FEED_MEMBER_PREFIX,
  PostgresChangeFeed,
  type ChangeFeedTiming,
} from './postgres-change-feed.js';

const dialect = process.env.TEST_DIALECT ?? 'sqlite';

let t: TestDatabase;
const opened: ChangeFeed[] = [];
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(opened.map((feed) => feed.close()));
  await t.cleanup();
});

function addUser(): Promise<string> {
  return insertUser(t.database, `u${randomUUID().slice(0, 8)}`);
}

/** Another process's feed over the same database. */
function feedOfAnotherProcess(timing: Partial<ChangeFeedTiming> = {}): PostgresChangeFeed {
  if (!t.databaseUrl) throw new Error('PostgreSQL only');
  const feed = new PostgresChangeFeed(t.databaseUrl, { ...DEFAULT_FEED_TIMING, ...timing });
  opened.push(feed);
  return feed;
}

async function until<T>(probe: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const vouching = (feed: ChangeFeed) => until(() => feed.epoch(), 'the feed vouches');

async function timed(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

if (dialect === 'sqlite') {
  describe('the change feed on SQLite', () => {
    it('never vouches, so every public request reads the version, and settles at once', async () => {
      expect(t.database.changes).toBe(NO_CHANGE_FEED);
      expect(t.database.changes.epoch()).toBeUndefined();
      const id = await addUser();
      await changeProfile(t.database, id, () => Promise.resolve());
      expect(t.database.changes.epoch()).toBeUndefined();
    });
  });
} else {
  describe('the change feed on PostgreSQL', () => {
    it('has moved every vouching process past a change by the time the writer settles', async () => {
      const reader = feedOfAnotherProcess();
      const writer = t.database;
      await vouching(reader);
      await vouching(writer.changes);
      const id = await addUser();
      // Repeated, so a barrier that could overtake the change it follows would show.
      for (let round = 0; round < 20; round++) {
        const before = await vouching(reader);
        await changeProfile(writer, id, () => Promise.resolve());
        expect(reader.epoch()).not.toBe(before);
      }
    });

    it('announces a deleted user as a change', async () => {
      const reader = feedOfAnotherProcess();
      const before = await vouching(reader);
      await vouching(t.database.changes);
      await deleteProfile(t.database, await addUser());
      expect(reader.epoch()).not.toBe(before);
    });

    it('announces a version bumped by any SQL, not only through the app', async () => {
      const reader = feedOfAnotherProcess();
      const id = await addUser();
      const before = await vouching(reader);
      await t.database.db
        .updateTable('users')
        .set((eb) => ({ profile_version: eb('profile_version', '+', 1) }))
        .where('id', '=', id)
        .execute();
      await until(() => (reader.epoch() === before ? undefined : true), 'the change is heard');
    });

    it('does not announce writes a visitor cannot see', async () => {
      const reader = feedOfAnotherProcess();
      const id = await addUser();
      const before = await vouching(reader);
      await t.database.db
        .updateTable('users')
        .set({ email_verified_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
      await t.database.changes.settle();
      expect(reader.epoch()).toBe(before);
    });

    it('settles well inside the lease when every member acknowledges', async () => {
      const reader = feedOfAnotherProcess();
      await vouching(reader);
      await vouching(t.database.changes);
      const id = await addUser();
      const took = await timed(() => changeProfile(t.database, id, () => Promise.resolve()));
      expect(took).toBeLessThan(DEFAULT_FEED_TIMING.leaseMs);
    });

    it('waits for a member that never acknowledges until its lease is over, and no longer', async () => {
      if (!t.databaseUrl) throw new Error('PostgreSQL only');
      const writer = feedOfAnotherProcess({ leaseMs: 400 });
      await vouching(writer);
      // Named like a listening feed, but it never answers a barrier.
      const silent = new pg.Client({ connectionString: t.databaseUrl });
      await silent.connect();
      try {
        await silent.query(`select set_config('application_name', $1, false)`, [
          `${FEED_MEMBER_PREFIX}silent`,
        ]);
        const took = await timed(() => writer.settle());
        expect(took).toBeGreaterThanOrEqual(400);
        expect(took).toBeLessThan(1500);
      } finally {
        await silent.end();
      }
    });

    it('stops vouching when its listener is lost, and vouches again under a new epoch', async () => {
      if (!t.databaseUrl) throw new Error('PostgreSQL only');
      const feed = feedOfAnotherProcess({ reconnectMs: 50 });
      const before = await vouching(feed);
      const admin = new pg.Client({ connectionString: t.databaseUrl });
      await admin.connect();
      try {
        const members = await admin.query<{ pid: number }>(
          `select pid from pg_stat_activity
           where datname = current_database() and starts_with(application_name, $1)`,
          [FEED_MEMBER_PREFIX],
        );
        await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [
          members.rows.map((row) => row.pid),
        ]);
      } finally {
        await admin.end();
      }
      await until(() => (feed.epoch() === undefined ? true : undefined), 'it stops vouching');
      const after = await vouching(feed);
      expect(after).not.toBe(before);
    });

    it('stops vouching when its pings go unanswered for a lease', async () => {
      // One ping at connect, the next long after the lease: the lease lapses in between.
      const feed = feedOfAnotherProcess({ leaseMs: 100, pingEveryMs: 60_000 });
      const before = await vouching(feed);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(feed.epoch()).toBeUndefined();
      expect(before).toBeTypeOf('number');
    });

    it('does not vouch while nothing announces changes (the trigger is missing)', async () => {
      await sql`drop trigger users_profile_changed on users`.execute(t.database.db);
      try {
        const feed = feedOfAnotherProcess({ reconnectMs: 50 });
        feed.epoch();
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(feed.epoch()).toBeUndefined();
      } finally {
        await sql`
          create trigger users_profile_changed
          after update of profile_version or delete on users
          for each row execute function pbshare_profile_changed()
        `.execute(t.database.db);
      }
    });

    it('never vouches once closed', async () => {
      const feed = feedOfAnotherProcess();
      await vouching(feed);
      await feed.close();
      expect(feed.epoch()).toBeUndefined();
      await feed.settle();
    });
  });
}
