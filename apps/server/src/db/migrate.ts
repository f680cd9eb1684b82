import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import { migrations } from './migrations/index.js';

export class MigrationError extends Error {
  constructor(cause: unknown) {
    super('Database migration failed', { cause });
    this.name = 'MigrationError';
  }
}

/** Brings the schema up to date. Safe to call on every start: applied migrations are skipped. */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error) throw new MigrationError(result.error);
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
