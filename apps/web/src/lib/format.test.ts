import { describe, expect, it } from 'vitest';
import { formatLastActive } from './format';

describe('formatLastActive', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it('says now for the last five minutes, then minutes, hours and days ago', () => {
    expect(formatLastActive(ago(0), now)).toBe('Active now');
    expect(formatLastActive(ago(299), now)).toBe('Active now');
    expect(formatLastActive(ago(12 * 60), now)).toBe('Last active 12 minutes ago');
    expect(formatLastActive(ago(3 * 3600), now)).toBe('Last active 3 hours ago');
    expect(formatLastActive(ago(26 * 3600), now)).toBe('Last active yesterday');
    expect(formatLastActive(ago(3 * 86400), now)).toBe('Last active 3 days ago');
  });

  it('gives the date after a week, and never a future time', () => {
    expect(formatLastActive(ago(10 * 86400), now)).toBe('Last active November 17, 2026');
    expect(formatLastActive(new Date(now.getTime() + 60_000), now)).toBe('Active now');
  });
});
