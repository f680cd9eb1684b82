import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  planById,
  type BillingOverview,
  type CheckoutResult,
  type PlanId,
  type Purchase,
  type SubscriptionTier,
} from '@pbshare/shared';
import { AppError, SESSION_EXPIRED_MESSAGE } from '../../errors/app-error.js';
import type { Mailer } from '../../mail/mailer.js';
import {
  CheckoutUnavailable,
  PLACEHOLDER_CHECKOUT_ID,
  WebhookRejected,
  type PaymentEvent,
  type PaymentProvider,
} from '../../payments/payment-provider.js';
import { passExpiries } from './pass-expiry.js';
import { receiptMessage } from './receipt-mail.js';
import type { BillingRepository, BillingTx, PurchaseRecord } from './repository.js';

const ALREADY_LIFETIME_MESSAGE =
  'You already have the Lifetime Deal: Pro is yours for good, there is nothing more to buy.';
const CHECKOUT_UNAVAILABLE_MESSAGE =
  'Checkout is not available right now. Nothing was charged; please try again in a minute.';

/**
 * The account facts billing needs. Billing stands below the users module (which reads its tier
 * query), so the composition root hands the user directory in under this narrow shape.
 */
export interface BillingAccounts {
  findById(id: string): Promise<{ email: string; subscriptionTier: SubscriptionTier } | undefined>;
}

/**
 * Pro purchases: starting a checkout, granting Pro when the provider says it was paid (once per
 * event and per checkout), taking it back on a full refund, and the account's plan as it stands.
 */
export class BillingService {
  constructor(
    private readonly billing: BillingRepository,
    private readonly users: BillingAccounts,
    private readonly provider: PaymentProvider,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    private readonly options: { publicOrigin: string },
  ) {}

  async checkout(userId: string, planId: PlanId): Promise<CheckoutResult> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError('UNAUTHORIZED', SESSION_EXPIRED_MESSAGE);
    const plan = planById(planId);
    const purchaseId = randomUUID();
    const request = {
      purchaseId,
      userId,
      email: user.email,
      plan,
      successUrl: `${this.options.publicOrigin}/pricing?checkout=${PLACEHOLDER_CHECKOUT_ID}`,
      cancelUrl: `${this.options.publicOrigin}/pricing?checkout=cancelled`,
    };
    const insertPending = async (tx: BillingTx) => {
      await tx.lockUser(userId);
      const owned = await tx.purchasesOf(userId);
      if (owned.some((p) => p.status === 'paid' && p.plan === 'lifetime')) {
        throw new AppError('CONFLICT', ALREADY_LIFETIME_MESSAGE);
      }
      await tx.insertPending({
        id: purchaseId,
        userId,
        plan: plan.id,
        amountCents: plan.priceCents,
        currency: 'usd',
        provider: this.provider.name,
      });
    };

    if (this.provider.paysAtCheckout) {
      // The demo takes no money and calls no one, so the whole purchase is one transaction.
      const { url, purchase } = await this.billing.transaction(async (tx) => {
        await insertPending(tx);
        const started = await this.provider.startCheckout(request);
        await this.grant(tx, purchaseId, { providerRef: started.reference, paymentRef: null });
        return { url: started.url, purchase: await tx.findById(purchaseId) };
      });
      if (purchase) await this.sendReceipt(purchase);
      return { url };
    }

    await this.billing.transaction(insertPending);
    let started;
    try {
      started = await this.provider.startCheckout(request);
    } catch (err) {
      if (!(err instanceof CheckoutUnavailable)) throw err;
      this.log.error({ err, purchaseId }, 'could not start a checkout');
      throw new AppError('SERVICE_UNAVAILABLE', CHECKOUT_UNAVAILABLE_MESSAGE);
    }
    await this.billing.transaction((tx) => tx.setProviderRef(purchaseId, started.reference));
    return { url: started.url };
  }

  async overview(userId: string, checkoutRef?: string): Promise<BillingOverview> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError('UNAUTHORIZED', SESSION_EXPIRED_MESSAGE);
    const purchases = await this.billing.purchasesOf(userId);
    const now = new Date().toISOString();
    const paid = purchases.filter((p) => p.status === 'paid');
    const lifetime = paid.some((p) => p.plan === 'lifetime');
    const asked = checkoutRef ? purchases.find((p) => p.providerRef === checkoutRef) : undefined;
    // Passes chain end to end, so the latest end is the end of Pro time.
    const passesEnd =
      paid
        .map((p) => p.expiresAt)
        .filter((end): end is string => end !== null)
        .sort()
        .at(-1) ?? null;
    return {
      tier: user.subscriptionTier,
      plan: lifetime ? 'lifetime' : passesEnd && passesEnd > now ? 'one-year' : null,
      status:
        user.subscriptionTier === 'unlimited' ? 'active' : paid.length > 0 ? 'expired' : 'free',
      expiresAt: lifetime ? null : passesEnd,
      provider: this.provider.name,
      purchases: purchases.filter((p) => p.status !== 'pending').map(toPurchaseDto),
      checkout: asked ? { status: asked.status } : null,
    };
  }

  /**
   * One verified webhook delivery. Recording the event id and acting on it share a transaction,
   * so a retried or concurrent copy finds the id and does nothing, and a failure leaves no mark
   * (the provider retries). Unknown checkouts and other event types are acknowledged and ignored.
   */
  async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
    let event: PaymentEvent;
    try {
      event = this.provider.readWebhook(rawBody, signature);
    } catch (err) {
      if (err instanceof WebhookRejected) throw new AppError('BAD_REQUEST', err.message);
      throw err;
    }
    if (event.kind === 'ignored') return;
    const receipt = await this.billing.transaction(async (tx) => {
      if (!(await tx.claimEvent(event.eventId, event.eventType))) return undefined;
      return event.kind === 'paid' ? this.fulfil(tx, event) : this.revoke(tx, event);
    });
    if (receipt) await this.sendReceipt(receipt);
  }

  private async fulfil(
    tx: BillingTx,
    event: Extract<PaymentEvent, { kind: 'paid' }>,
  ): Promise<PurchaseRecord | undefined> {
    const purchase =
      (await tx.findByProviderRef(event.reference)) ??
      (event.purchaseId ? await tx.findById(event.purchaseId) : undefined);
    if (
      purchase?.provider !== this.provider.name ||
      (event.userId !== undefined && event.userId !== purchase.userId)
    ) {
      this.log.warn(
        { eventId: event.eventId, reference: event.reference },
        'a paid checkout matches no purchase of ours; ignored',
      );
      return undefined;
    }
    await tx.lockUser(purchase.userId);
    const granted = await this.grant(tx, purchase.id, {
      providerRef: event.reference,
      paymentRef: event.paymentRef,
      amountCents: event.amountCents,
      currency: event.currency,
    });
    return granted ? tx.findById(purchase.id) : undefined;
  }

  private async revoke(
    tx: BillingTx,
    event: Extract<PaymentEvent, { kind: 'refunded' }>,
  ): Promise<undefined> {
    const purchase = await tx.findPaidByPaymentRef(event.paymentRef);
    if (!purchase) return undefined;
    await tx.lockUser(purchase.userId);
    if (await tx.markRefunded(purchase.id, new Date().toISOString())) {
      await this.recomputeExpiries(tx, purchase.userId);
      this.log.info({ purchaseId: purchase.id }, 'purchase refunded: Pro time taken back');
    }
    return undefined;
  }

  /** Pending to paid (false if it was not pending), then every pass's end worked out again. */
  private async grant(
    tx: BillingTx,
    purchaseId: string,
    payment: {
      providerRef: string;
      paymentRef: string | null;
      amountCents?: number | null;
      currency?: string | null;
    },
  ): Promise<boolean> {
    const paid = await tx.markPaid(purchaseId, { ...payment, paidAt: new Date().toISOString() });
    const purchase = await tx.findById(purchaseId);
    if (paid && purchase) await this.recomputeExpiries(tx, purchase.userId);
    return paid;
  }

  private async recomputeExpiries(tx: BillingTx, userId: string): Promise<void> {
    const owned = await tx.purchasesOf(userId);
    const paid = owned.flatMap((p) =>
      p.status === 'paid' && p.paidAt ? [{ id: p.id, plan: p.plan, paidAt: p.paidAt }] : [],
    );
    const ends = passExpiries(paid);
    for (const purchase of owned) {
      const end = ends.get(purchase.id);
      if (end !== undefined && end !== purchase.expiresAt) await tx.setExpiry(purchase.id, end);
    }
  }

  private async sendReceipt(purchase: PurchaseRecord): Promise<void> {
    try {
      const user = await this.users.findById(purchase.userId);
      if (!user) return;
      await this.mailer.send(
        receiptMessage(user.email, purchase, `${this.options.publicOrigin}/profile/settings`),
      );
    } catch (err) {
      // Pro is granted already; a receipt that could not go out must not fail the payment.
      this.log.error({ err, purchaseId: purchase.id }, 'could not send a receipt');
    }
  }
}

function toPurchaseDto(p: PurchaseRecord): Purchase {
  return {
    id: p.id,
    plan: p.plan,
    amountCents: p.amountCents,
    currency: p.currency,
    provider: p.provider,
    status: p.status,
    createdAt: p.createdAt,
    paidAt: p.paidAt,
    expiresAt: p.expiresAt,
  };
}
