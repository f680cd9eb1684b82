import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A small stand-in for the parts of Stripe's API the app uses, for tests: Checkout Sessions
 * (create with an Idempotency-Key, retrieve), a checkout page that "pays" and delivers the signed
 * `checkout.session.completed` webhook, and signed events made on demand. The real SDK talks to
 * it through STRIPE_API_URL, and signatures come from the SDK's own test-header helper.
 */
export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
  line_items: FormValue;
}

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: FormValue;
}

export interface SignedEvent {
  id: string;
  payload: string;
  signature: string;
}

type FormValue = string | { [key: string]: FormValue };

export interface FakeStripe {
  /** Set as STRIPE_API_URL. */
  readonly url: string;
  readonly secretKey: string;
  readonly webhookSecret: string;
  readonly sessions: Map<string, FakeSession>;
  readonly requests: RecordedRequest[];
  /** Where the checkout page delivers its webhook (the app's /v1/billing/webhook). */
  webhookUrl: string | undefined;
  /** Makes the next session create fail as an outage would. */
  failNextCreate(): void;
  /** Any event, signed as Stripe signs it (a past `timestamp` in seconds makes it stale). */
  signedEvent(type: string, object: object, options?: { timestamp?: number }): SignedEvent;
  /** Completes a session (paid unless told otherwise) and signs its checkout.session.completed. */
  complete(sessionId: string, options?: { paid?: boolean }): SignedEvent;
  /** A full refund of a paid session's charge, as `charge.refunded`. */
  refund(sessionId: string, options?: { partial?: boolean }): SignedEvent;
  close(): Promise<void>;
}

const stripe = new Stripe('sk_test_fake_signer');

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const byIdempotencyKey = new Map<string, string>();
  const requests: RecordedRequest[] = [];
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  let failNext = false;
  let origin = '';

  const fake: FakeStripe = {
    get url() {
      return origin;
    },
    secretKey: 'sk_test_fake',
    webhookSecret,
    sessions,
    requests,
    webhookUrl: undefined,
    failNextCreate() {
      failNext = true;
    },
    signedEvent(type, object, options = {}) {
      const id = `evt_${randomBytes(12).toString('hex')}`;
      const payload = JSON.stringify({
        id,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object },
      });
      const signature = stripe.webhooks.generateTestHeaderString({
        payload,
        secret: webhookSecret,
        ...(options.timestamp !== undefined && { timestamp: options.timestamp }),
      });
      return { id, payload, signature };
    },
    complete(sessionId, options = {}) {
      const session = sessionOf(sessionId);
      session.status = 'complete';
      if (options.paid ?? true) {
        session.payment_status = 'paid';
        session.payment_intent ??= `pi_${randomBytes(12).toString('hex')}`;
      }
      return fake.signedEvent('checkout.session.completed', { ...session });
    },
    refund(sessionId, options = {}) {
      const session = sessionOf(sessionId);
      return fake.signedEvent('charge.refunded', {
        id: `ch_${randomBytes(12).toString('hex')}`,
        object: 'charge',
        amount: session.amount_total,
        amount_refunded: options.partial ? 100 : session.amount_total,
        refunded: !options.partial,
        currency: session.currency,
        payment_intent: session.payment_intent,
      });
    },
    async close() {
      await new Promise<void>((done) =>
        server.close(() => {
          done();
        }),
      );
    },
  };

  function sessionOf(id: string): FakeSession {
    const session = sessions.get(id);
    if (!session) throw new Error(`no fake session ${id}`);
    return session;
  }

  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<ServerResponse | undefined> {
    const url = new URL(req.url ?? '/', origin);
    const raw = await readBody(req);
    const create = req.method === 'POST' && url.pathname === '/v1/checkout/sessions';
    const read = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
    const page = /^\/pay\/([\w-]+)$/.exec(url.pathname);

    if (create) {
      const body = parseForm(raw);
      const key = header(req, 'idempotency-key');
      requests.push({ method: 'POST', path: url.pathname, idempotencyKey: key, body });
      if (req.headers.authorization !== `Bearer ${fake.secretKey}`) {
        return json(res, 401, { error: { type: 'invalid_request_error', message: 'bad key' } });
      }
      if (failNext) {
        failNext = false;
        return json(res, 400, { error: { type: 'invalid_request_error', message: 'outage' } });
      }
      const known = key ? byIdempotencyKey.get(key) : undefined;
      if (known) return json(res, 200, sessionOf(known));
      const session = newSession(body);
      sessions.set(session.id, session);
      if (key) byIdempotencyKey.set(key, session.id);
      return json(res, 200, session);
    }
    if (req.method === 'GET' && read?.[1]) {
      const session = sessions.get(read[1]);
      return session
        ? json(res, 200, session)
        : json(res, 404, { error: { type: 'invalid_request_error', message: 'No such session' } });
    }
    if (page?.[1] && sessions.has(page[1])) {
      const session = sessionOf(page[1]);
      if (req.method === 'GET') return html(res, checkoutPage(session));
      if (req.method === 'POST') {
        const event = fake.complete(session.id);
        if (fake.webhookUrl) {
          const delivery = await fetch(fake.webhookUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
            body: event.payload,
          });
          if (!delivery.ok) throw new Error(`webhook answered ${delivery.status}`);
        }
        const target = session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id);
        return res.writeHead(303, { location: target }).end();
      }
    }
    if (url.pathname === '/favicon.ico') return res.writeHead(204).end();
    return json(res, 404, { error: { type: 'invalid_request_error', message: 'Unknown path' } });
  }

  function newSession(body: FormValue): FakeSession {
    const form = typeof body === 'string' ? {} : body;
    const item = nested(form, 'line_items', '0');
    const priceData = nested(item, 'price_data');
    const id = `cs_test_${randomBytes(12).toString('hex')}`;
    return {
      id,
      object: 'checkout.session',
      mode: text(form.mode),
      status: 'open',
      payment_status: 'unpaid',
      client_reference_id: text(form.client_reference_id) || null,
      customer_email: text(form.customer_email) || null,
      metadata: Object.fromEntries(
        Object.entries(nested(form, 'metadata')).map(([k, v]) => [k, text(v)]),
      ),
      amount_total: Number(text(priceData.unit_amount) || '0') * Number(text(item.quantity) || '1'),
      currency: text(priceData.currency) || 'usd',
      payment_intent: null,
      success_url: text(form.success_url),
      cancel_url: text(form.cancel_url),
      url: `${origin}/pay/${id}`,
      line_items: form.line_items ?? '',
    };
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500).end(String(err));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

function checkoutPage(session: FakeSession): string {
  const amount = `$${(session.amount_total / 100).toFixed(2)}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title>
<meta name="viewport" content="width=device-width,initial-scale=1"></head>
<body style="font-family:sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem">
<h1>Fake Stripe Checkout</h1>
<p>Test mode. Pay <strong>${amount}</strong> for ${escape(session.metadata.plan ?? '')}.</p>
<p>${escape(session.customer_email ?? '')}</p>
<form method="post" action="/pay/${session.id}"><button type="submit">Pay ${amount}</button></form>
<p><a href="${escape(session.cancel_url)}">Cancel and go back</a></p>
</body></html>`;
}

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Stripe's form encoding: `a[b][0][c]=v` nests as { a: { b: { 0: { c: v } } } }. */
function parseForm(raw: string): FormValue {
  const root: Record<string, FormValue> = {};
  for (const [name, value] of new URLSearchParams(raw)) {
    const keys = name.replace(/\]/g, '').split('[');
    let node = root;
    keys.forEach((key, i) => {
      if (i === keys.length - 1) {
        node[key] = value;
        return;
      }
      const next = node[key];
      if (typeof next === 'object') {
        node = next;
      } else {
        const created: Record<string, FormValue> = {};
        node[key] = created;
        node = created;
      }
    });
  }
  return root;
}

function nested(value: FormValue | undefined, ...keys: string[]): Record<string, FormValue> {
  let node = value;
  for (const key of keys) node = typeof node === 'object' ? node[key] : undefined;
  return typeof node === 'object' ? node : {};
}

function text(value: FormValue | undefined): string {
  return typeof value === 'string' ? value : '';
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, body: unknown): ServerResponse {
  return res
    .writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' })
    .end(JSON.stringify(body));
}

function html(res: ServerResponse, body: string): ServerResponse {
  return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
}
