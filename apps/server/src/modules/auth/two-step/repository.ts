import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../../db/schema.js';

export interface StoredTwoStep {
  sealedSecret: string | null;
  pendingSecret: string | null;
  enabled: boolean;
  lastStep: number | null;
}

/** The two_step row of an account and its recovery codes. */
export class TwoStepRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async find(userId: string): Promise<StoredTwoStep | undefined> {
    const row = await this.db
      .selectFrom('two_step')
      .select(['sealed_secret', 'pending_secret', 'enabled_at', 'last_step'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return (
      row && {
        sealedSecret: row.sealed_secret,
        pendingSecret: row.pending_secret,
        enabled: row.enabled_at !== null,
        lastStep: row.last_step,
      }
    );
  }

  /** Keeps a setup's secret until its first code; an enabled secret is left as it is. */
  async setPending(userId: string, sealed: string): Promise<void> {
    const now = new Date().toISOString();
    await this.db
      .insertInto('two_step')
      .values({ user_id: userId, pending_secret: sealed, updated_at: now })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ pending_secret: sealed, updated_at: now }),
      )
      .execute();
  }

  /**
   * Turns the pending secret on with its first accepted step and a fresh set of recovery codes, in
   * one transaction; false when the pending secret changed meanwhile (another setup began).
   */
  async enable(
    userId: string,
    pendingSecret: string,
    step: number,
    codeHashes: readonly string[],
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      const result = await trx
        .updateTable('two_step')
        .set({
          sealed_secret: pendingSecret,
          pending_secret: null,
          enabled_at: now,
          last_step: step,
          updated_at: now,
        })
        .where('user_id', '=', userId)
        .where('pending_secret', '=', pendingSecret)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      await trx
        .insertInto('recovery_codes')
        .values(codeHashes.map((hash) => ({ user_id: userId, code_hash: hash })))
        .execute();
      return true;
    });
  }

  /** Takes a code's time step if it is later than the last one taken: a code works once. */
  async takeStep(userId: string, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable('two_step')
      .set({ last_step: step, updated_at: new Date().toISOString() })
      .where('user_id', '=', userId)
      .where('enabled_at', 'is not', null)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Spends one unused recovery code; false when it is unknown or spent. */
  async spendRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
    const result = await this.db
      .updateTable('recovery_codes')
      .set({ used_at: new Date().toISOString() })
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('recovery_codes')
      .select((eb) => eb.fn.countAll<number | string>().as('left'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.left);
  }

  async remove(userId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      await trx.deleteFrom('two_step').where('user_id', '=', userId).execute();
    });
  }
}
