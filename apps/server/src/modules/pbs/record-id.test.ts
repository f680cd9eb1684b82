import { describe, expect, it } from 'vitest';
import { idempotentRecordId } from './record-id.js';

const use = (key: string, reservedAt = '2026-11-23T10:00:00.000Z') => ({ key, reservedAt });

describe('idempotentRecordId', () => {
  it('is the same for the same user and use of a key, and a version 8 UUID', () => {
    const id = idempotentRecordId('user-1', use('key-1'));
    expect(id).toBe(idempotentRecordId('user-1', use('key-1')));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('differs between users, keys, and uses of one key after it expired', () => {
    const id = idempotentRecordId('user-1', use('key-1'));
    expect(idempotentRecordId('user-2', use('key-1'))).not.toBe(id);
    expect(idempotentRecordId('user-1', use('key-2'))).not.toBe(id);
    expect(idempotentRecordId('user-1', use('key-1', '2026-11-24T11:00:00.000Z'))).not.toBe(id);
  });
});
