import { describe, expect, it } from 'vitest';
import {
  displayDuration,
  displayValue,
  durationFromParts,
  durationToParts,
  formatDuration,
  formatValue,
  parseValueText,
} from './pb-values.js';

const parsed = (text: string) => {
  const result = parseValueText(text);
  return result.ok ? result.value : result.message;
};

describe('durations', () => {
  it('format as H:MM:SS and display without a zero hour', () => {
    expect(formatDuration(1368)).toBe('0:22:48');
    expect(displayDuration(1368)).toBe('22:48');
    expect(formatDuration(3900)).toBe('1:05:00');
    expect(displayDuration(3900)).toBe('1:05:00');
    expect(formatDuration(59)).toBe('0:00:59');
    expect(displayDuration(59)).toBe('00:59');
    expect(formatDuration(60)).toBe('0:01:00');
    expect(formatDuration(3599)).toBe('0:59:59');
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(36_000 + 59)).toBe('10:00:59');
  });

  it('build from parts, treating what is not a number as 0', () => {
    expect(durationFromParts({ hours: '0', minutes: '22', seconds: '48' })).toBe(1368);
    expect(durationFromParts({ hours: 'x', minutes: '5', seconds: '' })).toBe(300);
    expect(durationFromParts({ hours: undefined, minutes: ' 1 ', seconds: '-3' })).toBe(60);
    expect(durationToParts(3661)).toEqual({ hours: 1, minutes: 1, seconds: 1 });
  });
});

describe('value text', () => {
  it('reads the spec forms', () => {
    expect(parsed('225 lbs')).toEqual({ amount: 225, unit: 'lbs' });
    expect(parsed('102.5 kg')).toEqual({ amount: 102.5, unit: 'kg' });
    expect(parsed('15 reps')).toEqual({ amount: 15, unit: 'reps' });
    expect(parsed('0:22:48 duration')).toEqual({ amount: 1368, unit: 'duration' });
    expect(parsed('1:05:00')).toEqual({ amount: 3900, unit: 'duration' });
    expect(parsed('22:48')).toEqual({ amount: 1368, unit: 'duration' });
    expect(parsed('0:00:59')).toEqual({ amount: 59, unit: 'duration' });
  });

  it('refuses values that break the rules', () => {
    expect(parsed('0 kg')).toBe('The weight must be more than 0');
    expect(parsed('-5 lbs')).toBe('The weight must be more than 0');
    expect(parsed('100.125 kg')).toBe('The weight can have at most 2 decimals');
    expect(parsed('2.5 reps')).toBe('Reps must be a whole number above 0');
    expect(parsed('0:60:00')).toBe('Minutes and seconds must be between 0 and 59');
    expect(parsed('0:10:60')).toBe('Minutes and seconds must be between 0 and 59');
    expect(parsed('0:00:00')).toBe('The time must be more than 0 seconds');
    expect(parsed('fast')).toMatch(/amount and unit/);
    expect(parsed('10 stones')).toMatch(/amount and unit/);
    expect(parsed('10 duration')).toMatch(/amount and unit/);
  });

  it('writes the text and display forms back', () => {
    expect(formatValue({ amount: 225, unit: 'lbs' })).toBe('225 lbs');
    expect(formatValue({ amount: 102.5, unit: 'kg' })).toBe('102.5 kg');
    expect(formatValue({ amount: 15, unit: 'reps' })).toBe('15 reps');
    expect(formatValue({ amount: 1368, unit: 'duration' })).toBe('0:22:48');
    expect(displayValue({ amount: 1368, unit: 'duration' })).toBe('22:48');
    expect(displayValue({ amount: 225, unit: 'lbs' })).toBe('225 lbs');
  });
});
