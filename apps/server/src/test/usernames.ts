import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer, uniqueAccount, type SignedIn } from './accounts.js';

// The requests the username tests make over and over: renaming, signing up under a chosen name,
// and following the links an old name leaves behind.

/** A GET, with `headers` if given: a profile page, an API read, a media file. */
export function get(app: FastifyInstance, url: string, headers?: Record<string, string>) {
  return app.inject({ method: 'GET', url, ...(headers && { headers }) });
}

/** Asks to change `session`'s display name, and so its username; the answer is the test's. */
export function rename(app: FastifyInstance, session: SignedIn, displayName: string) {
  return app.inject({
    method: 'PUT',
    url: '/v1/users',
    headers: bearer(session),
    payload: { displayName },
  });
}

/** Renames `session` to `displayName`, failing the test unless it is done. */
export async function renamed(
  app: FastifyInstance,
  session: SignedIn,
  displayName: string,
): Promise<void> {
  const res = await rename(app, session, displayName);
  expect(res.statusCode, res.body).toBe(200);
}

/** Signs a new account up under `displayName` (unverified); the answer is the test's. */
export function registerAs(app: FastifyInstance, displayName: string) {
  return app.inject({
    method: 'POST',
    url: '/v1/auth/register',
    payload: { ...uniqueAccount(), displayName },
  });
}
