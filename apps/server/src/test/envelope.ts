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
