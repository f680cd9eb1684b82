import type { AuditEntry, ModerationActionInput, ReportInput } from '@pbshare/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { bearer, type SignedIn } from './accounts.js';

// The requests the moderation tests make over and over: reporting, and an admin's actions.

let addressCounter = 0;
/** A client address no other report of the test run came from, so the per-address limit is the test's own. */
export function freshAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** POST /v1/reports, as `as` when given, from `address` (a fresh one unless given). */
export function sendReport(
  app: FastifyInstance,
  body: ReportInput,
  { as, address = freshAddress() }: { as?: SignedIn; address?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/v1/reports',
    payload: body,
    remoteAddress: address,
    ...(as && { headers: bearer(as) }),
  });
}

/** Reports, failing the test unless the report is taken (201). */
export async function reported(
  app: FastifyInstance,
  body: ReportInput,
  options?: { as?: SignedIn; address?: string },
): Promise<void> {
  const res = await sendReport(app, body, options);
  expect(res.statusCode, res.body).toBe(201);
}

/** POST /v1/admin/actions as `admin`; the answer is the test's. */
export function sendAction(
  app: FastifyInstance,
  admin: SignedIn,
  body: Partial<ModerationActionInput>,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/v1/admin/actions',
    headers: bearer(admin),
    payload: body,
  });
}

/** Takes an action as `admin`, failing the test unless it is done; answers its audit entry. */
export async function acted(
  app: FastifyInstance,
  admin: SignedIn,
  body: ModerationActionInput,
): Promise<AuditEntry> {
  const res = await sendAction(app, admin, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { entry: AuditEntry } }>().data.entry;
}

/** The account id of a signed-in user, as their profile answers it. */
export async function userIdOf(app: FastifyInstance, session: SignedIn): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: '/v1/users/profile',
    headers: bearer(session),
  });
  return res.json<{ data: { id: string } }>().data.id;
}
