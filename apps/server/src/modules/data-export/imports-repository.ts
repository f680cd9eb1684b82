import type { DataImportResult, DataImportStatus } from '@pbshare/shared';
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';
import { enqueueJob } from '../../jobs/jobs.js';

export interface ImportRow {
  id: string;
  userId: string;
  status: DataImportStatus['status'];
  archiveKey: string;
}

const OPEN = ['queued', 'running'] as const;

/** The SQL of the `data_imports` table: an account's imports and how each ended. */
export class ImportsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async hasOpen(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('data_imports')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', 'in', OPEN)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Records a queued import and its job in one transaction; false (nothing written) when the
   * account already has one queued or running, which the partial unique index decides.
   */
  async start(
    row: { id: string; userId: string; archiveKey: string },
    job: { kind: string; payload: unknown; maxAttempts: number },
  ): Promise<boolean> {
    const now = new Date().toISOString();
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('data_imports')
        .values({
          id: row.id,
          user_id: row.userId,
          status: 'queued',
          archive_key: row.archiveKey,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      await enqueueJob(trx, job.kind, job.payload, { maxAttempts: job.maxAttempts });
      return true;
    });
  }

  async find(id: string): Promise<ImportRow | undefined> {
    const row = await this.db
      .selectFrom('data_imports')
      .select(['id', 'user_id', 'status', 'archive_key'])
      .where('id', '=', id)
      .executeTakeFirst();
    return (
      row && { id: row.id, userId: row.user_id, status: row.status, archiveKey: row.archive_key }
    );
  }

  /** The account's latest import, as the client reads it. */
  async latest(userId: string): Promise<DataImportStatus | undefined> {
    const row = await this.db
      .selectFrom('data_imports')
      .select(['id', 'status', 'message', 'result'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      status: row.status,
      message: row.message,
      result: row.result === null ? null : (JSON.parse(row.result) as DataImportResult),
    };
  }

  async markRunning(id: string): Promise<void> {
    await this.db
      .updateTable('data_imports')
      .set({ status: 'running', updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('status', 'in', OPEN)
      .execute();
  }

  /** Ends an open import as refused; one that already ended stays as it is. */
  async fail(id: string, message: string): Promise<void> {
    await this.db
      .updateTable('data_imports')
      .set({ status: 'failed', message, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('status', 'in', OPEN)
      .execute();
  }

  /** Ends the import as done, inside the transaction that writes what it imported. */
  async finish(
    trx: Transaction<DatabaseSchema>,
    id: string,
    result: DataImportResult,
    message: string,
  ): Promise<void> {
    await trx
      .updateTable('data_imports')
      .set({
        status: 'done',
        message,
        result: JSON.stringify(result),
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', id)
      .execute();
  }
}
