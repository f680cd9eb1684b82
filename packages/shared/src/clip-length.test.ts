import { describe, expect, it } from 'vitest';
import { clipLength, clipLengthSpoken } from './clip-length.js';

describe('a clip length', () => {
  it('reads as a player shows it, in whole seconds', () => {
    expect(clipLength(12)).toBe('0:12');
    expect(clipLength(65)).toBe('1:05');
    expect(clipLength(3.02)).toBe('0:03');
    expect(clipLength(2.97)).toBe('0:03');
    expect(clipLength(12.4)).toBe('0:12');
    expect(clipLength(12.5)).toBe('0:13');
    expect(clipLength(3725)).toBe('1:02:05');
  });

  it('is at least one second, so a clip never reads as empty', () => {
    expect(clipLength(0.3)).toBe('0:01');
    expect(clipLength(0)).toBe('0:01');
  });

  it('is spoken in words, singular where one', () => {
    expect(clipLengthSpoken(12)).toBe('12 seconds');
    expect(clipLengthSpoken(1.2)).toBe('1 second');
    expect(clipLengthSpoken(65)).toBe('1 minute 5 seconds');
    expect(clipLengthSpoken(120)).toBe('2 minutes');
    expect(clipLengthSpoken(0.2)).toBe('1 second');
  });
});
