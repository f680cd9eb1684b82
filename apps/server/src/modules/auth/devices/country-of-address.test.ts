import { describe, expect, it } from 'vitest';
import { countryOfAddress } from './country-of-address.js';

describe('countryOfAddress', () => {
  it('names the registry country of public addresses, IPv4, IPv4-mapped and IPv6', async () => {
    // Addresses whose registration is stable: APNIC's Australian research block, Google's and
    // Cloudflare's public resolvers, Deutsche Telekom's IPv6 allocation.
    expect(await countryOfAddress('1.0.0.1')).toBe('AU');
    expect(await countryOfAddress('8.8.8.8')).toBe('US');
    expect(await countryOfAddress('::ffff:8.8.8.8')).toBe('US');
    expect(await countryOfAddress('2003:e1:a700::1')).toBe('DE');
    expect(await countryOfAddress('2001:4860:4860::8888')).toBe('US');
  });

  it('says nothing for private, loopback and link-local addresses or nonsense', async () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.1.20',
      '203.0.113.9',
      '::1',
      'fe80::1',
      'fd00::5',
      '2001:db8::1',
    ]) {
      expect(await countryOfAddress(address)).toBeNull();
    }
    expect(await countryOfAddress('not an address')).toBeNull();
    expect(await countryOfAddress('')).toBeNull();
  });
});
