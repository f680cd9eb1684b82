import { sql, type Kysely, type Selectable } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.js';

export interface UploadRow {
  id: string;
  userId: string;
  length: number;
  received: number;
  /** The stored pieces' names, in order. */
  pieces: string[];
  metadata: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  usedAt: string | null;
}

function toRow(row: Selectable<DatabaseSchema['uploads']>): UploadRow {
  return {
    id: row.id,
    userId: row.user_id,
    length: row.length,
    received: row.received,
    pieces: row.pieces === '' ? [] : row.pieces.split(','),
    metadata: row.metadata,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
  };
}

/** The SQL of resumable uploads: who owns each, how far it got, and whether a PB took it. */
export class UploadsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async insert(
    row: Omit<UploadRow, 'received' | 'pieces' | 'usedAt' | 'updatedAt'>,
  ): Promise<void> {
    await this.db
      .insertInto('uploads')
      .values({
        id: row.id,
        user_id: row.userId,
        length: row.length,
        metadata: row.metadata,
        created_at: row.createdAt,
        updated_at: row.createdAt,
        expires_at: row.expiresAt,
      })
      .execute();
  }

  async find(id: string): Promise<UploadRow | undefined> {
    const row = await this.db
      .selectFrom('uploads')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toRow(row);
  }

  /** The account's uploads still arriving, least recently written first. */
  async unfinishedOf(userId: string, now: string): Promise<UploadRow[]> {
    const rows = await this.db
      .selectFrom('uploads')
      .selectAll()
      .where('user_id', '=', userId)
      .where('expires_at', '>', now)
      .whereRef('received', '<', 'length')
      .orderBy('updated_at')
      .execute();
    return rows.map(toRow);
  }

  /**
   * Moves the offset from `from` to `to` only if nobody moved it first: what keeps two writers
   * (two processes in the fleet) from both appending at the same offset.
   */
  async advance(
    id: string,
    piece: { name: string; from: number; to: number },
    at: string,
  ): Promise<boolean> {
    const { name, from, to } = piece;
    const result = await this.db
      .updateTable('uploads')
      .set({
        received: to,
        updated_at: at,
        pieces: sql<string>`case when pieces = '' then cast(${name} as text) else pieces || ',' || cast(${name} as text) end`,
      })
      .where('id', '=', id)
      .where('received', '=', from)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Marks a finished, unexpired, unused upload of this account as taken; false otherwise. */
  async claim(id: string, userId: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('uploads')
      .set({ used_at: at })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .whereRef('received', '=', 'length')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Frees an upload a PB took but could not save, so the owner may try again. */
  async unclaim(id: string): Promise<void> {
    await this.db.updateTable('uploads').set({ used_at: null }).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('uploads').where('id', '=', id).execute();
  }

  /** Uploads past their expiry, finished or not, at most `limit` of them. */
  async expired(now: string, limit: number): Promise<UploadRow[]> {
    const rows = await this.db
      .selectFrom('uploads')
      .selectAll()
      .where('expires_at', '<=', now)
      .limit(limit)
      .execute();
    return rows.map(toRow);
  }
}
