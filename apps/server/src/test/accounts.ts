import type { FastifyInstance, HTTPMethods, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Database } from '../db/database.js';
import { tokenOf, type CapturingMailer } from './capturing-mailer.js';

export const PASSWORD = 'correct horse';

/** An app and the mailer it sends through: what signing up needs, to follow the mailed link. */
export interface MailingApp {
  app: FastifyInstance;
  mail: CapturingMailer;
}

export interface SignedIn {
  email: string;
  displayName: string;
  accessToken: string;
  /** The refresh cookie as a `Cookie` header value. */
  cookie: string;
}

let counter = 0;
export function uniqueAccount(prefix = 'athlete') {
  counter += 1;
  const tag = `${prefix}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return { email: `${tag.toLowerCase()}@example.com`, displayName: tag, password: PASSWORD };
}

export function refreshCookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'pbshare_refresh');
  if (!cookie?.value) throw new Error('no refresh cookie in the answer');
  return `pbshare_refresh=${cookie.value}`;
}

export async function register(app: FastifyInstance, account = uniqueAccount()) {
  const res = await app.inject({ method: 'POST', url: '/v1/auth/register', payload: account });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
  return account;
}

export async function registerAndVerify({ app, mail }: MailingApp, account = uniqueAccount()) {
  await register(app, account);
  const token = tokenOf(await mail.next(account.email));
  const res = await app.inject({
    method: 'GET',
    url: `/v1/auth/verify?token=${encodeURIComponent(token)}`,
  });
  if (res.statusCode !== 200) throw new Error(`verify failed: ${res.body}`);
  return account;
}

export async function signIn(
  app: FastifyInstance,
  account: { email: string; password: string; displayName: string },
): Promise<SignedIn> {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { email: account.email, password: account.password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const body = res.json<{ data: { accessToken: string } }>();
  return {
    email: account.email,
    displayName: account.displayName,
    accessToken: body.data.accessToken,
    cookie: refreshCookieOf(res),
  };
}

export async function newSignedInUser(t: MailingApp, prefix?: string) {
  return signIn(t.app, await registerAndVerify(t, uniqueAccount(prefix)));
}

export function bearer(session: { accessToken: string }) {
  return { authorization: `Bearer ${session.accessToken}` };
}

/** A request made as `session`: its access token in the Authorization header. */
export function injectAs(
  app: FastifyInstance,
  session: { accessToken: string },
  method: HTTPMethods,
  url: string,
  payload?: InjectOptions['payload'],
) {
  return app.inject({ method, url, headers: bearer(session), payload });
}

/**
 * Makes an account Pro the way support would, by hand: `subscription_tier` set in the row, with no
 * purchase. Tests that need many exercises or a large quota use it.
 */
export async function grantProByHand(database: Database, email: string): Promise<void> {
  await database.db
    .updateTable('users')
    .set({ subscription_tier: 'unlimited' })
    .where('email', '=', email)
    .execute();
}
