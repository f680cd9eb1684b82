import { createHash } from 'node:crypto';
import type { KeyUse } from '../../http/idempotency.js';

/**
 * The id of the record a create with this use of an Idempotency-Key makes: derived, not random,
 * so that a retry of a request whose answer was lost (a crash after the commit) names the same
 * record. The primary key then refuses a second copy, and the first one can be found and answered
 * again. The reservation time is part of it: once a key has expired it may name a new record.
 * Formatted as an RFC 9562 version 8 UUID, like the random ids beside it.
 */
export function idempotentRecordId(userId: string, use: KeyUse): string {
  const hash = createHash('sha256')
    .update(`pb-record\n${userId}\n${use.key}\n${use.reservedAt}`)
    .digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
