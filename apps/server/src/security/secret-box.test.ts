import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.js';

describe('SecretBox', () => {
  const box = new SecretBox('a server secret of some length', 'totp');

  it('opens what it sealed, and never seals the same text the same way twice', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
  });

  it('refuses a tampered value, another purpose, another server secret and nonsense', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('KBSWY3DPEHPK3PXP').toString('base64url');
    expect(box.open(parts.join('.'))).toBeNull();
    expect(new SecretBox('a server secret of some length', 'other').open(sealed)).toBeNull();
    expect(new SecretBox('another server secret', 'totp').open(sealed)).toBeNull();
    for (const nonsense of ['', 'v1', 'v1.a.b', 'v2.a.b.c', sealed.replace('v1', 'v9')]) {
      expect(box.open(nonsense)).toBeNull();
    }
  });
});
