import { describe, expect, it } from 'vitest';

import { profileCountLine } from './profile-count';

describe('profileCountLine', () => {
  it('counts one and many', () => {
    expect(profileCountLine('ada', 1)).toBe('1 personal best');
    expect(profileCountLine('ada', 4)).toBe('4 personal bests');
  });

  it('says nothing is shared rather than counting zero', () => {
    expect(profileCountLine('ada', 0)).toBe("ada hasn't shared any PBs yet.");
  });
});
