import { describe, expect, it } from 'vitest';
import { isNewPbAt } from './new-pb-window.js';

const until = '2026-03-21T10:00:00.000Z';

describe('isNewPbAt', () => {
  it('holds until the badge ends, and not from that moment on', () => {
    expect(isNewPbAt(until, Date.parse(until) - 1)).toBe(true);
    expect(isNewPbAt(until, Date.parse(until))).toBe(false);
    expect(isNewPbAt(until, Date.parse(until) + 1)).toBe(false);
  });

  it('never holds for a record that beat nothing, or an unreadable time', () => {
    expect(isNewPbAt(null, 0)).toBe(false);
    expect(isNewPbAt('not a time', 0)).toBe(false);
  });
});
