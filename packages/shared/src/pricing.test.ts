import { describe, expect, it } from 'vitest';
import { pricingFrom } from './pricing.js';

describe('pricingFrom', () => {
  it('names the page an upgrade began at in the pricing address', () => {
    expect(pricingFrom('/profile')).toBe('/pricing?from=%2Fprofile');
    expect(pricingFrom('/profile/settings')).toBe('/pricing?from=%2Fprofile%2Fsettings');
  });

  it('encodes what would otherwise end or extend the query', () => {
    expect(pricingFrom('/add-pb?x=1&y=2#top')).toBe(
      '/pricing?from=%2Fadd-pb%3Fx%3D1%26y%3D2%23top',
    );
    expect(new URLSearchParams(pricingFrom('/a b').split('?')[1]).get('from')).toBe('/a b');
  });
});
