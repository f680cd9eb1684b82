import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { userRow } from '../test/user-rows.js';
import { migrateToLatest } from './migrate.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

describe(`database (${process.env.TEST_DIALECT ?? 'sqlite'})`, () => {
  it('runs on the dialect this project asked for', () => {
    expect(t.database.dialect).toBe(
      process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite',
    );
  });

  it('migrates idempotently: a second run applies nothing', async () => {
    expect(await migrateToLatest(t.database.db)).toEqual([]);
  });

  it('stores a user with the column defaults', async () => {
    const row = userRow('Ada', 'Ada@Example.com ');
    await t.database.db.insertInto('users').values(row).execute();
    const stored = await t.database.db
      .selectFrom('users')
      .select(['email', 'bio', 'subscription_tier', 'email_verified_at'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      email: 'ada@example.com',
      bio: '',
      subscription_tier: 'free',
      email_verified_at: null,
    });
  });

  it('refuses a second account with the same e-mail or username in another case', async () => {
    await t.database.db.insertInto('users').values(userRow('Grace', 'grace@example.com')).execute();
    await expect(
      t.database.db.insertInto('users').values(userRow('Other', 'GRACE@example.com')).execute(),
    ).rejects.toThrow();
    await expect(
      t.database.db.insertInto('users').values(userRow('GRACE', 'hopper@example.com')).execute(),
    ).rejects.toThrow();
  });

  it('refuses an unknown subscription tier', async () => {
    const row = { ...userRow('tiered', 'tier@example.com'), subscription_tier: 'gold' as 'free' };
    await expect(t.database.db.insertInto('users').values(row).execute()).rejects.toThrow();
  });
});
