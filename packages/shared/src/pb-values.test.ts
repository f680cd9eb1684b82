import { describe, expect, it } from 'vitest';
import {
  displayDuration,
  displayValue,
  durationToParts,
  formatDuration,
  formatValue,
} from './pb-values.js';

describe('durations', () => {
  it('format as H:MM:SS and display without a zero hour', () => {
    expect(formatDuration(1368)).toBe('0:22:48');
    expect(displayDuration(1368)).toBe('22:48');
    expect(formatDuration(3900)).toBe('1:05:00');
    expect(displayDuration(3900)).toBe('1:05:00');
    expect(formatDuration(59)).toBe('0:00:59');
    expect(displayDuration(59)).toBe('0:59');
    expect(displayDuration(120)).toBe('2:00');
    expect(displayDuration(0)).toBe('0:00');
    expect(formatDuration(60)).toBe('0:01:00');
    expect(formatDuration(3599)).toBe('0:59:59');
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(36_000 + 59)).toBe('10:00:59');
  });

  it('split into parts', () => {
    expect(durationToParts(3661)).toEqual({ hours: 1, minutes: 1, seconds: 1 });
    expect(durationToParts(1368)).toEqual({ hours: 0, minutes: 22, seconds: 48 });
  });
});

describe('value text', () => {
  it('writes the text and display forms back', () => {
    expect(formatValue({ amount: 225, unit: 'lbs' })).toBe('225 lbs');
    expect(formatValue({ amount: 102.5, unit: 'kg' })).toBe('102.5 kg');
    expect(formatValue({ amount: 15, unit: 'reps' })).toBe('15 reps');
    expect(formatValue({ amount: 1368, unit: 'duration' })).toBe('0:22:48');
    expect(displayValue({ amount: 1368, unit: 'duration' })).toBe('22:48');
    expect(displayValue({ amount: 225, unit: 'lbs' })).toBe('225 lbs');
  });
});
