import { sql, type Kysely } from 'kysely';

/**
 * Pro purchases and the payment provider's webhook events already handled. The tier is derived
 * from paid purchases, so `users.subscription_tier` stays as it was: 'unlimited' there is a grant
 * made by hand (support), which no purchase or refund ever changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('purchases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan', 'text', (c) => c.notNull().check(sql`plan in ('one-year', 'lifetime')`))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('demo', 'stripe')`))
    // The checkout's id at the provider (a Stripe Checkout Session); set once checkout starts.
    .addColumn('provider_ref', 'text', (c) => c.unique())
    // The payment behind it (a Stripe PaymentIntent), which refunds name.
    .addColumn('payment_ref', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'paid', 'refunded')`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('refunded_at', 'text')
    .execute();
  await db.schema
    .createIndex('purchases_user_status')
    .on('purchases')
    .columns(['user_id', 'status'])
    .execute();
  await db.schema
    .createIndex('purchases_payment_ref')
    .on('purchases')
    .column('payment_ref')
    .execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_events').execute();
  await db.schema.dropTable('purchases').execute();
}
