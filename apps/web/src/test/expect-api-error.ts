import { expect } from 'vitest';

import { ApiError } from '@/lib/api-client';

type ApiErrorFields = Partial<Pick<ApiError, 'status' | 'code' | 'message' | 'issues'>>;

/** Waits for `call` to fail, and checks that it failed with an ApiError carrying `fields`. */
export async function expectApiError(call: Promise<unknown>, fields: ApiErrorFields) {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject(fields);
}
