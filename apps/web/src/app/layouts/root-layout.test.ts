import type { Location } from 'react-router';
import { describe, expect, it } from 'vitest';

import { scrollKey } from './root-layout';

const at = (key: string, pathname: string, search = ''): Location => ({
  key,
  pathname,
  search,
  hash: '',
  state: null,
});

describe('scrollKey', () => {
  it('keys full page loads by address, so one does not inherit another page\u2019s scroll', () => {
    expect(scrollKey(at('default', '/pricing', '?checkout=cancelled'))).toBe(
      '/pricing?checkout=cancelled',
    );
    expect(scrollKey(at('default', '/pricing'))).not.toBe(
      scrollKey(at('default', '/pricing', '?checkout=cs_1')),
    );
  });

  it('keeps the history entry key for in-app navigation', () => {
    expect(scrollKey(at('k3j2', '/pricing'))).toBe('k3j2');
  });
});
