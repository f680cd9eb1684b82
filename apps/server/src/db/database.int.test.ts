import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { migrateToLatest } from './migrate.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

function user(email: string, displayName: string) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    email: email.trim().toLowerCase(),
    password_hash: 'x',
    display_name: displayName,
    display_name_key: displayName.toLowerCase(),
    created_at: now,
    updated_at: now,
  };
}

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
    const row = user('Ada@Example.com ', 'Ada');
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
    await t.database.db.insertInto('users').values(user('grace@example.com', 'Grace')).execute();
    await expect(
      t.database.db.insertInto('users').values(user('GRACE@example.com', 'Other')).execute(),
    ).rejects.toThrow();
    await expect(
      t.database.db.insertInto('users').values(user('hopper@example.com', 'GRACE')).execute(),
    ).rejects.toThrow();
  });

  it('refuses an unknown subscription tier', async () => {
    const row = { ...user('tier@example.com', 'tiered'), subscription_tier: 'gold' as 'free' };
    await expect(t.database.db.insertInto('users').values(row).execute()).rejects.toThrow();
  });
});
