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
