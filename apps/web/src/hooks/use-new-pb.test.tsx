import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { showsNewPb, useShowsNewPb } from './use-new-pb';

const UNTIL = '2026-03-21T10:00:00.000Z';
const end = Date.parse(UNTIL);

describe('showsNewPb', () => {
  it('shows until newPbUntil, not from it on', () => {
    expect(showsNewPb(UNTIL, end - 1)).toBe(true);
    expect(showsNewPb(UNTIL, end)).toBe(false);
    expect(showsNewPb(UNTIL, end + 86_400_000)).toBe(false);
  });

  it('never shows without an end, or with one it cannot read', () => {
    expect(showsNewPb(null, 0)).toBe(false);
    expect(showsNewPb('soon', 0)).toBe(false);
  });
});

describe('useShowsNewPb', () => {
  it('reads the clock it is given', () => {
    expect(renderHook(() => useShowsNewPb(UNTIL, () => end - 1000)).result.current).toBe(true);
    expect(renderHook(() => useShowsNewPb(UNTIL, () => end + 1000)).result.current).toBe(false);
    expect(renderHook(() => useShowsNewPb(null, () => 0)).result.current).toBe(false);
  });
});
