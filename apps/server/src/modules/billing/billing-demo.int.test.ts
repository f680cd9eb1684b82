import type { BillingOverview, CheckoutResult } from '@pbshare/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newSignedInUser, type SignedIn } from '../../test/accounts.js';
import { createPb, jpegWithGps, postPb, weightFields } from '../../test/pbs.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicOrigin: 'https://pb.example' });
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;

const checkout = (me: SignedIn | undefined, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/billing/checkout',
    headers: me ? bearer(me) : {},
    payload: payload as object,
  });

async function buy(me: SignedIn, plan: 'one-year' | 'lifetime'): Promise<CheckoutResult> {
  const res = await checkout(me, { plan });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: CheckoutResult }>().data;
}

async function billingOf(me: SignedIn): Promise<BillingOverview> {
  const res = await t.app.inject({ method: 'GET', url: '/v1/billing', headers: bearer(me) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: BillingOverview }>().data;
}

async function tierOf(me: SignedIn): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/v1/users/profile', headers: bearer(me) });
  return res.json<{ data: { subscription_tier: string } }>().data.subscription_tier;
}

/** Moves every paid pass of the user back in time, as if the days had passed. */
async function ageUserPasses(me: SignedIn, days: number): Promise<void> {
  const user = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', me.email)
    .executeTakeFirstOrThrow();
  const rows = await t.database.db
    .selectFrom('purchases')
    .select(['id', 'paid_at', 'expires_at'])
    .where('user_id', '=', user.id)
    .execute();
  const back = (iso: string | null) =>
    iso && new Date(Date.parse(iso) - days * DAY_MS).toISOString();
  for (const row of rows) {
    await t.database.db
      .updateTable('purchases')
      .set({ paid_at: back(row.paid_at), expires_at: back(row.expires_at) })
      .where('id', '=', row.id)
      .execute();
  }
}

describe('demo checkout', () => {
  it('refuses visitors with 401 and unknown plans with 400, in the envelope', async () => {
    const visitor = await checkout(undefined, { plan: 'lifetime' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ success: false, data: null, code: 'UNAUTHORIZED' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/billing' })).json<{ status: number }>().status,
    ).toBe(401);

    const me = await newSignedInUser(t);
    const unknown = await checkout(me, { plan: 'monthly' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      success: false,
      data: null,
      status: 400,
      code: 'VALIDATION_ERROR',
    });
    expect((await checkout(me, {})).statusCode).toBe(400);
    expect(await tierOf(me)).toBe('free');
  });

  it('makes the user Pro by the time it answers, with a return URL and a receipt', async () => {
    const me = await newSignedInUser(t);
    expect(await billingOf(me)).toMatchObject({
      tier: 'free',
      plan: null,
      status: 'free',
      provider: 'demo',
      purchases: [],
    });

    const { url } = await buy(me, 'lifetime');
    expect(url).toMatch(/^https:\/\/pb\.example\/pricing\?checkout=demo_[\w-]+$/);
    const returned = await t.app.inject({
      method: 'GET',
      url: `/v1/billing?checkout=${new URL(url).searchParams.get('checkout')}`,
      headers: bearer(me),
    });
    expect(returned.json<{ data: BillingOverview }>().data.checkout).toEqual({ status: 'paid' });
    expect(await tierOf(me)).toBe('unlimited');
    const billing = await billingOf(me);
    expect(billing).toMatchObject({
      tier: 'unlimited',
      plan: 'lifetime',
      status: 'active',
      expiresAt: null,
    });
    expect(billing.purchases).toEqual([
      expect.objectContaining({
        plan: 'lifetime',
        amountCents: 3999,
        currency: 'usd',
        provider: 'demo',
        status: 'paid',
        expiresAt: null,
      }),
    ]);

    const receipts = t.mail.to(me.email).filter((m) => /receipt/i.test(m.subject));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain('Lifetime Deal');
    expect(receipts[0]?.text).toContain('$39.99');
    expect(receipts[0]?.text).toContain('Demo checkout: no card is charged');
  });

  it('refuses a second purchase from a Lifetime holder with 409', async () => {
    const me = await newSignedInUser(t);
    await buy(me, 'lifetime');
    for (const plan of ['lifetime', 'one-year']) {
      const again = await checkout(me, { plan });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ success: false, code: 'CONFLICT', data: null });
    }
    expect((await billingOf(me)).purchases).toHaveLength(1);
  });

  it('gives a pass 365 days and extends a second one from the end of the first', async () => {
    const me = await newSignedInUser(t);
    const before = Date.now();
    await buy(me, 'one-year');
    const first = await billingOf(me);
    expect(first).toMatchObject({ tier: 'unlimited', plan: 'one-year', status: 'active' });
    const firstEnd = Date.parse(first.expiresAt ?? '');
    expect(firstEnd - before).toBeGreaterThanOrEqual(365 * DAY_MS);
    expect(firstEnd - Date.now()).toBeLessThanOrEqual(365 * DAY_MS);

    await buy(me, 'one-year');
    const second = await billingOf(me);
    expect(Date.parse(second.expiresAt ?? '')).toBe(firstEnd + 365 * DAY_MS);
    expect(second.purchases).toHaveLength(2);

    // A pass bought after the last one ran out starts from its own payment.
    await ageUserPasses(me, 800);
    expect(await tierOf(me)).toBe('free');
    const start = Date.now();
    await buy(me, 'one-year');
    const third = Date.parse((await billingOf(me)).expiresAt ?? '');
    expect(third - start).toBeGreaterThanOrEqual(365 * DAY_MS);
    expect(third - Date.now()).toBeLessThanOrEqual(365 * DAY_MS);
  });

  it('lets a pass holder buy Lifetime, which never ends', async () => {
    const me = await newSignedInUser(t);
    await buy(me, 'one-year');
    await buy(me, 'lifetime');
    await ageUserPasses(me, 400);
    expect(await billingOf(me)).toMatchObject({
      tier: 'unlimited',
      plan: 'lifetime',
      expiresAt: null,
    });
  });

  it('brings the cap back when a pass ends: PBs stay public, a 4th exercise is refused', async () => {
    const me = await newSignedInUser(t);
    await buy(me, 'one-year');
    for (const title of ['Bench', 'Squat', 'Deadlift', 'Row', 'Press']) {
      await createPb(t.app, me, weightFields(title));
    }

    await ageUserPasses(me, 366);
    expect(await tierOf(me)).toBe('free');
    expect(await billingOf(me)).toMatchObject({ tier: 'free', plan: null, status: 'expired' });

    const publicPage = await t.app.inject({ method: 'GET', url: `/v1/pbs/user/${me.displayName}` });
    expect(publicPage.json<{ data: { pbs: unknown[] } }>().data.pbs).toHaveLength(5);

    const sixth = await postPb(t.app, me, weightFields('Curl'), [
      { data: await jpegWithGps(200, 200) },
    ]);
    expect(sixth.statusCode).toBe(402);
    expect(sixth.json()).toMatchObject({ code: 'FREE_LIMIT_REACHED' });
    // A new record of an exercise already there is still welcome.
    const again = await createPb(t.app, me, { ...weightFields('Bench', '300 lbs') });
    expect(again.personalBestHistory).toHaveLength(1);
  });

  it('replays the first answer to a retry with the same Idempotency-Key', async () => {
    const me = await newSignedInUser(t);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/billing/checkout',
        headers: { ...bearer(me), 'idempotency-key': 'one-click' },
        payload: { plan: 'one-year' },
      });
    const first = await send();
    const retry = await send();
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect((await billingOf(me)).purchases).toHaveLength(1);
  });

  it('takes no webhooks', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: '{"id":"evt_1","type":"checkout.session.completed"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', data: null });
  });
});
