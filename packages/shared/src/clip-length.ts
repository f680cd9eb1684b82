import { displayDuration, durationToParts } from './pb-values.js';

/**
 * Whole seconds of a clip as a player counts them: rounded to the nearest second, and never
 * under one, so a half-second clip does not read as '0:00' (an empty video).
 */
function wholeSeconds(seconds: number): number {
  return Math.max(1, Math.round(seconds));
}

/** A clip's length as players show it: 12.4 → '0:12', 65 → '1:05', 0.3 → '0:01'. */
export function clipLength(seconds: number): string {
  return displayDuration(wholeSeconds(seconds));
}

/** The same length for screen readers: '12 seconds', '1 minute 5 seconds', '2 minutes'. */
export function clipLengthSpoken(seconds: number): string {
  const { hours, minutes, seconds: rest } = durationToParts(wholeSeconds(seconds));
  const parts: [number, string][] = [
    [hours, 'hour'],
    [minutes, 'minute'],
    [rest, 'second'],
  ];
  return parts
    .filter(([count]) => count > 0)
    .map(([count, unit]) => `${count} ${unit}${count === 1 ? '' : 's'}`)
    .join(' ');
}
