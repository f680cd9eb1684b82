import { isApiError } from './api-client';

/**
 * A fresh `Idempotency-Key` for one attempt at a call that must not happen twice (saving a PB):
 * made once per attempt and sent again on that attempt's automatic retries, so the server answers
 * a retry with the first answer instead of doing the work again.
 */
export function newIdempotencyKey(): string {
  // randomUUID exists only on secure origins (https, localhost); a plain-http address on the
  // local network has getRandomValues alone.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether the next attempt at the same save should send the same key: only when this one's
 * outcome is unknown (the connection failed, or the server failed mid-way), because the server may
 * have saved it and will then answer the retry with that save instead of making a second one. Any
 * answer that says what happened, including 409 'still in progress' (the key is then stuck until
 * it expires), starts the next attempt with a new key.
 */
export function reuseKeyAfter(error: unknown): boolean {
  return isApiError(error) && (error.status === 0 || error.status >= 500);
}
