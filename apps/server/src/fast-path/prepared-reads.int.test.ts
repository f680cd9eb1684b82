import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { insertUser } from '../test/user-rows.js';
import type { PreparedRead } from '../db/prepared-read.js';

let t: TestDatabase;
let versionOf: PreparedRead<{ id: string; profile_version: number }>;
beforeAll(async () => {
  t = await createTestDatabase();
  versionOf = t.database.reads.prepare(
    'select id, profile_version from users where display_name_key = ?',
  );
});
afterAll(() => t.cleanup());

function addUser(name: string): Promise<string> {
  return insertUser(t.database, name);
}

function setVersion(name: string, version: number) {
  return t.database.db
    .updateTable('users')
    .set({ profile_version: version })
    .where('display_name_key', '=', name);
}

describe(`prepared reads (${process.env.TEST_DIALECT ?? 'sqlite'})`, () => {
  it('reads one row, or nothing', async () => {
    const id = await addUser('reader');
    expect(await versionOf('reader')).toEqual({ id, profile_version: 0 });
    expect(await versionOf('nobody')).toBeUndefined();
  });

  it('sees every committed change, and none still inside a transaction', async () => {
    const id = await addUser('writer');
    await setVersion('writer', 1).execute();
    expect(await versionOf('writer')).toEqual({ id, profile_version: 1 });

    await t.database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ profile_version: 2 })
        .where('display_name_key', '=', 'writer')
        .execute();
      // On SQLite the transaction holds the app's one Kysely connection: the read must not run
      // on it, or it would see this uncommitted version.
      expect(await versionOf('writer')).toEqual({ id, profile_version: 1 });
    });
    expect(await versionOf('writer')).toEqual({ id, profile_version: 2 });
  });
});
