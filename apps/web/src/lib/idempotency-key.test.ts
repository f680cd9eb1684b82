import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from './api-client';
import { newIdempotencyKey, reuseKeyAfter } from './idempotency-key';

describe('newIdempotencyKey', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('makes a different valid key each time', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[\x21-\x7e]{1,255}$/);
  });

  it('still works where randomUUID is missing (plain http on a local network)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', {
      getRandomValues: <T extends ArrayBufferView>(array: T) => real.getRandomValues(array),
    });
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('reuseKeyAfter', () => {
  it('keeps the key when the outcome is unknown: no answer, or a server failure', () => {
    expect(reuseKeyAfter(new ApiError('Network error', { status: 0 }))).toBe(true);
    expect(reuseKeyAfter(new ApiError('Oops', { status: 502 }))).toBe(true);
  });

  it('starts anew after an answer that says what happened', () => {
    expect(reuseKeyAfter(new ApiError('Bad', { status: 400, code: 'VALIDATION_ERROR' }))).toBe(
      false,
    );
    expect(
      reuseKeyAfter(new ApiError('Busy', { status: 409, code: 'IDEMPOTENCY_IN_PROGRESS' })),
    ).toBe(false);
    expect(reuseKeyAfter(new Error('not an API error'))).toBe(false);
  });
});
