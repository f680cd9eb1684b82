import type { BillingOverview, CheckoutResult } from '@pbshare/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newSignedInUser, type SignedIn } from '../../test/accounts.js';
import { startFakeStripe, type FakeStripe, type SignedEvent } from '../../test/fake-stripe.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({
    publicOrigin: 'https://pb.example',
    payments: {
      provider: 'stripe',
      secretKey: stripe.secretKey,
      webhookSecret: stripe.webhookSecret,
      apiUrl: stripe.url,
      priceIds: { lifetime: 'price_lifetime_from_dashboard' },
    },
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const DAY_MS = 86_400_000;

const postCheckout = (me: SignedIn, plan: 'one-year' | 'lifetime') =>
  t.app.inject({
    method: 'POST',
    url: '/v1/billing/checkout',
    headers: bearer(me),
    payload: { plan },
  });

async function startCheckout(me: SignedIn, plan: 'one-year' | 'lifetime') {
  const res = await postCheckout(me, plan);
  expect(res.statusCode, res.body).toBe(200);
  const { url } = res.json<{ data: CheckoutResult }>().data;
  const sessionId = /\/pay\/(cs_test_\w+)$/.exec(url)?.[1];
  if (!sessionId) throw new Error(`not a fake checkout URL: ${url}`);
  return { url, sessionId };
}

const deliver = (event: Pick<SignedEvent, 'payload' | 'signature'>) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/billing/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.payload,
  });

async function billingOf(me: SignedIn, checkout?: string): Promise<BillingOverview> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/billing${checkout ? `?checkout=${checkout}` : ''}`,
    headers: bearer(me),
  });
  return res.json<{ data: BillingOverview }>().data;
}

const receiptsOf = (me: SignedIn) => t.mail.to(me.email).filter((m) => /receipt/i.test(m.subject));

describe('Stripe checkout', () => {
  it('creates a payment-mode Checkout Session for the plan and grants nothing yet', async () => {
    const me = await newSignedInUser(t);
    const { url, sessionId } = await startCheckout(me, 'one-year');
    expect(url).toBe(`${stripe.url}/pay/${sessionId}`);

    const request = stripe.requests.at(-1);
    expect(request?.idempotencyKey).toMatch(/^pbshare-checkout-[\w-]+$/);
    expect(request?.body).toMatchObject({
      mode: 'payment',
      customer_email: me.email,
      metadata: { plan: 'one-year' },
      success_url: 'https://pb.example/pricing?checkout={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://pb.example/pricing?checkout=cancelled',
      line_items: {
        0: { quantity: '1', price_data: { currency: 'usd', unit_amount: '1999' } },
      },
    });
    const session = stripe.sessions.get(sessionId);
    expect(session?.client_reference_id).toMatch(/^[\w-]{36}$/);
    expect(session?.amount_total).toBe(1999);

    // Coming back to the success URL proves nothing: only the webhook grants.
    expect(await billingOf(me, sessionId)).toMatchObject({
      tier: 'free',
      provider: 'stripe',
      purchases: [],
      checkout: { status: 'pending' },
    });
    // Someone else's checkout says nothing.
    const other = await newSignedInUser(t);
    expect((await billingOf(other, sessionId)).checkout).toBeNull();
  });

  it('uses a configured Price id for a plan', async () => {
    const me = await newSignedInUser(t);
    await startCheckout(me, 'lifetime');
    expect(stripe.requests.at(-1)?.body).toMatchObject({
      line_items: { 0: { price: 'price_lifetime_from_dashboard', quantity: '1' } },
    });
  });

  it('answers 503 in the envelope when Stripe cannot start a checkout', async () => {
    const me = await newSignedInUser(t);
    stripe.failNextCreate();
    const res = await postCheckout(me, 'lifetime');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE', data: null });
  });
});

describe('Stripe webhook', () => {
  it('refuses a bad signature and a stale timestamp with 400, granting nothing', async () => {
    const me = await newSignedInUser(t);
    const { sessionId } = await startCheckout(me, 'lifetime');
    const event = stripe.complete(sessionId);

    const forged = await deliver({ payload: event.payload, signature: 't=1,v1=deadbeef' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', data: null });
    const tampered = await deliver({
      payload: event.payload.replace('"paid"', '"paid" '),
      signature: event.signature,
    });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/v1/billing/webhook',
      headers: { 'content-type': 'application/json' },
      payload: event.payload,
    });
    expect(unsigned.statusCode).toBe(400);

    const session = stripe.sessions.get(sessionId);
    const stale = stripe.signedEvent(
      'checkout.session.completed',
      { ...session },
      { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 },
    );
    expect((await deliver(stale)).statusCode).toBe(400);

    expect((await billingOf(me)).tier).toBe('free');
  });

  it('grants Pro on a paid checkout.session.completed, once, with a receipt', async () => {
    const me = await newSignedInUser(t);
    const { sessionId } = await startCheckout(me, 'one-year');
    const event = stripe.complete(sessionId);

    const res = await deliver(event);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
    const billing = await billingOf(me, sessionId);
    expect(billing).toMatchObject({
      tier: 'unlimited',
      plan: 'one-year',
      status: 'active',
      checkout: { status: 'paid' },
    });
    expect(billing.purchases).toEqual([
      expect.objectContaining({ provider: 'stripe', status: 'paid', amountCents: 1999 }),
    ]);

    // A replay (Stripe retries until it sees a 2xx) changes nothing.
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await billingOf(me)).expiresAt).toBe(billing.expiresAt);
    expect(receiptsOf(me)).toHaveLength(1);
  });

  it('grants once when the same event arrives 5 times at once', async () => {
    const me = await newSignedInUser(t);
    const { sessionId } = await startCheckout(me, 'one-year');
    const event = stripe.complete(sessionId);

    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);

    const billing = await billingOf(me);
    expect(billing.purchases.filter((p) => p.status === 'paid')).toHaveLength(1);
    const days = (Date.parse(billing.expiresAt ?? '') - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);
    expect(receiptsOf(me)).toHaveLength(1);
  });

  it('grants once per checkout across different events for it', async () => {
    const me = await newSignedInUser(t);
    const { sessionId } = await startCheckout(me, 'one-year');
    const completed = stripe.complete(sessionId);
    const succeeded = stripe.signedEvent('checkout.session.async_payment_succeeded', {
      ...stripe.sessions.get(sessionId),
    });
    const answers = await Promise.all([deliver(completed), deliver(succeeded)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const days = (Date.parse((await billingOf(me)).expiresAt ?? '') - Date.now()) / DAY_MS;
    expect(days).toBeLessThanOrEqual(365);
    expect(receiptsOf(me)).toHaveLength(1);
  });

  it('grants nothing for an unpaid session, then grants on async_payment_succeeded', async () => {
    const me = await newSignedInUser(t);
    const { sessionId } = await startCheckout(me, 'lifetime');
    const unpaid = stripe.complete(sessionId, { paid: false });
    expect((await deliver(unpaid)).statusCode).toBe(200);
    expect(await billingOf(me)).toMatchObject({ tier: 'free', purchases: [] });

    const session = stripe.sessions.get(sessionId);
    if (session) {
      session.payment_status = 'paid';
      session.payment_intent = 'pi_async_paid';
    }
    const succeeded = stripe.signedEvent('checkout.session.async_payment_succeeded', {
      ...session,
    });
    expect((await deliver(succeeded)).statusCode).toBe(200);
    expect(await billingOf(me)).toMatchObject({ tier: 'unlimited', plan: 'lifetime' });
  });

  it('takes Pro back on a full refund, and not on a partial one', async () => {
    const me = await newSignedInUser(t);
    const first = await startCheckout(me, 'one-year');
    await deliver(stripe.complete(first.sessionId));
    const second = await startCheckout(me, 'one-year');
    await deliver(stripe.complete(second.sessionId));
    const twoYears = await billingOf(me);
    expect((Date.parse(twoYears.expiresAt ?? '') - Date.now()) / DAY_MS).toBeGreaterThan(729);

    expect((await deliver(stripe.refund(first.sessionId, { partial: true }))).statusCode).toBe(200);
    expect((await billingOf(me)).expiresAt).toBe(twoYears.expiresAt);

    // Refunding the first pass takes its year out of the second.
    expect((await deliver(stripe.refund(first.sessionId))).statusCode).toBe(200);
    const oneYear = await billingOf(me);
    expect(oneYear.tier).toBe('unlimited');
    expect((Date.parse(oneYear.expiresAt ?? '') - Date.now()) / DAY_MS).toBeLessThanOrEqual(365);
    expect(oneYear.purchases.map((p) => p.status).sort()).toEqual(['paid', 'refunded']);

    await deliver(stripe.refund(second.sessionId));
    expect(await billingOf(me)).toMatchObject({ tier: 'free', plan: null });
  });

  it('acknowledges events it does not act on, and checkouts it does not know', async () => {
    const ignored = stripe.signedEvent('customer.created', { id: 'cus_1', object: 'customer' });
    expect((await deliver(ignored)).statusCode).toBe(200);

    const stranger = stripe.signedEvent('checkout.session.completed', {
      id: 'cs_test_elsewhere',
      object: 'checkout.session',
      payment_status: 'paid',
      metadata: {},
      client_reference_id: null,
      payment_intent: 'pi_x',
      amount_total: 100,
      currency: 'usd',
    });
    expect((await deliver(stranger)).statusCode).toBe(200);
  });

  it('refuses a second Lifetime with 409 once the first is paid', async () => {
    const me = await newSignedInUser(t);
    const { sessionId } = await startCheckout(me, 'lifetime');
    await deliver(stripe.complete(sessionId));
    const again = await postCheckout(me, 'lifetime');
    expect(again.statusCode).toBe(409);
  });
});
