import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** Asserts an error answer: its HTTP status, and the envelope with the same status and `code`. */
export function expectFailure(
  res: LightMyRequestResponse,
  status: number,
  code: string,
  message?: string,
): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({
    success: false,
    status,
    code,
    data: null,
    ...(message === undefined ? {} : { message }),
  });
}

/** Asserts a whole envelope, field for field, and that the HTTP status is the envelope's. */
export function expectEnvelope(
  res: LightMyRequestResponse,
  envelope: { status: number } & Record<string, unknown>,
): void {
  expect(res.statusCode, res.body).toBe(envelope.status);
  expect(res.json()).toEqual(envelope);
}

/** Asserts a 400 validation error whose issues include `message` on `field`. */
export function expectFieldIssue(res: LightMyRequestResponse, field: string, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<{ code: string; issues: { field: string; message: string }[] }>();
  expect(body.code).toBe('VALIDATION_ERROR');
  expect(body.issues).toContainEqual({ field, message });
}
