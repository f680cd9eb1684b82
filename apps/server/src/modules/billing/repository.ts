import type { PaymentProviderName, PlanId, PurchaseStatus } from '@pbshare/shared';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DatabaseSchema } from '../../db/schema.js';

export interface PurchaseRecord {
  id: string;
  userId: string;
  plan: PlanId;
  amountCents: number;
  currency: string;
  provider: PaymentProviderName;
  providerRef: string | null;
  paymentRef: string | null;
  status: PurchaseStatus;
  createdAt: string;
  paidAt: string | null;
  expiresAt: string | null;
  refundedAt: string | null;
}

const COLUMNS = [
  'id',
  'user_id',
  'plan',
  'amount_cents',
  'currency',
  'provider',
  'provider_ref',
  'payment_ref',
  'status',
  'created_at',
  'paid_at',
  'expires_at',
  'refunded_at',
] as const;

function toRecord(row: Pick<Selectable<DatabaseSchema['purchases']>, (typeof COLUMNS)[number]>) {
  return {
    id: row.id,
    userId: row.user_id,
    plan: row.plan,
    amountCents: row.amount_cents,
    currency: row.currency,
    provider: row.provider,
    providerRef: row.provider_ref,
    paymentRef: row.payment_ref,
    status: row.status,
    createdAt: row.created_at,
    paidAt: row.paid_at,
    expiresAt: row.expires_at,
    refundedAt: row.refunded_at,
  } satisfies PurchaseRecord;
}

/** Purchases and processed webhook events. */
export class BillingRepository {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Runs `work` in a transaction. `tx.lockUser` then serialises one user's purchases (a second
   * Lifetime, two passes extending each other); SQLite runs transactions one at a time anyway.
   */
  async transaction<T>(work: (tx: BillingTx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new BillingTx(trx, this.dialect)));
  }

  /** Newest first. */
  async purchasesOf(userId: string): Promise<PurchaseRecord[]> {
    const rows = await this.db
      .selectFrom('purchases')
      .select(COLUMNS)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toRecord);
  }
}

export class BillingTx {
  constructor(
    private readonly trx: Transaction<DatabaseSchema>,
    private readonly dialect: Dialect,
  ) {}

  async lockUser(userId: string): Promise<void> {
    if (this.dialect === 'postgres') {
      await this.trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .forUpdate()
        .execute();
    }
  }

  /**
   * Records a webhook event as handled. False when it already was: a retry, or a concurrent copy
   * (on PostgreSQL the second insert waits for the first transaction, then finds the row).
   */
  async claimEvent(id: string, type: string): Promise<boolean> {
    const result = await this.trx
      .insertInto('payment_events')
      .values({ id, type, received_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  async purchasesOf(userId: string): Promise<PurchaseRecord[]> {
    const rows = await this.trx
      .selectFrom('purchases')
      .select(COLUMNS)
      .where('user_id', '=', userId)
      .execute();
    return rows.map(toRecord);
  }

  findById(id: string): Promise<PurchaseRecord | undefined> {
    return this.findOneWhere('id', id);
  }

  findByProviderRef(providerRef: string): Promise<PurchaseRecord | undefined> {
    return this.findOneWhere('provider_ref', providerRef);
  }

  findPaidByPaymentRef(paymentRef: string): Promise<PurchaseRecord | undefined> {
    return this.findOneWhere('payment_ref', paymentRef, 'paid');
  }

  /** The one purchase whose unique `column` holds `value` (and has `status`, when given). */
  private async findOneWhere(
    column: 'id' | 'provider_ref' | 'payment_ref',
    value: string,
    status?: PurchaseRecord['status'],
  ): Promise<PurchaseRecord | undefined> {
    let query = this.trx.selectFrom('purchases').select(COLUMNS).where(column, '=', value);
    if (status) query = query.where('status', '=', status);
    const row = await query.executeTakeFirst();
    return row && toRecord(row);
  }

  async insertPending(
    purchase: Pick<
      PurchaseRecord,
      'id' | 'userId' | 'plan' | 'amountCents' | 'currency' | 'provider'
    >,
  ): Promise<void> {
    await this.trx
      .insertInto('purchases')
      .values({
        id: purchase.id,
        user_id: purchase.userId,
        plan: purchase.plan,
        amount_cents: purchase.amountCents,
        currency: purchase.currency,
        provider: purchase.provider,
        status: 'pending',
        created_at: new Date().toISOString(),
      })
      .execute();
  }

  async setProviderRef(id: string, providerRef: string): Promise<void> {
    await this.trx
      .updateTable('purchases')
      .set({ provider_ref: providerRef })
      .where('id', '=', id)
      .execute();
  }

  /** Pending to paid, once: false when it was paid (or refunded) already. */
  async markPaid(
    id: string,
    payment: {
      paidAt: string;
      providerRef: string;
      paymentRef: string | null;
      amountCents?: number | null;
      currency?: string | null;
    },
  ): Promise<boolean> {
    const result = await this.trx
      .updateTable('purchases')
      .set({
        status: 'paid',
        paid_at: payment.paidAt,
        provider_ref: payment.providerRef,
        payment_ref: payment.paymentRef,
        ...(payment.amountCents != null && { amount_cents: payment.amountCents }),
        ...(payment.currency && { currency: payment.currency }),
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Paid to refunded, once. */
  async markRefunded(id: string, refundedAt: string): Promise<boolean> {
    const result = await this.trx
      .updateTable('purchases')
      .set({ status: 'refunded', refunded_at: refundedAt })
      .where('id', '=', id)
      .where('status', '=', 'paid')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async setExpiry(id: string, expiresAt: string | null): Promise<void> {
    await this.trx
      .updateTable('purchases')
      .set({ expires_at: expiresAt })
      .where('id', '=', id)
      .execute();
  }
}
