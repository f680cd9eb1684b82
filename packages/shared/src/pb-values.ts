import type { Unit } from './categories.js';

/**
 * A PB's measured value: an amount in a unit. Weights may have two decimals; reps are whole;
 * durations are whole seconds (the rules: `pbValueSchema` in pb-input.ts). The text forms are the
 * spec's: '225 lbs', '15 reps', and durations as H:MM:SS ('0:22:48'), shown without a zero hour
 * ('22:48', '2:00').
 */
export interface PbValue {
  amount: number;
  unit: Unit;
}

export interface DurationParts {
  hours: number;
  minutes: number;
  seconds: number;
}

export function durationToParts(totalSeconds: number): DurationParts {
  const s = Math.max(0, Math.round(totalSeconds));
  return { hours: Math.floor(s / 3600), minutes: Math.floor((s % 3600) / 60), seconds: s % 60 };
}

/** 'H:MM:SS', the stored text form: 1368 → '0:22:48'. */
export function formatDuration(totalSeconds: number): string {
  const { hours, minutes, seconds } = durationToParts(totalSeconds);
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/**
 * The display form, as a stopwatch shows it: without a zero hour, and minutes without a leading
 * zero once they lead ('0:22:48' → '22:48', '0:02:00' → '2:00', '1:05:00' stays).
 */
export function displayDuration(totalSeconds: number): string {
  const { hours, minutes, seconds } = durationToParts(totalSeconds);
  if (hours > 0) return formatDuration(totalSeconds);
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

function formatAmount(amount: number): string {
  return String(Math.round(amount * 100) / 100);
}

/** The API's text form: '225 lbs', '102.5 kg', '15 reps', '0:22:48'. */
export function formatValue(value: PbValue): string {
  return value.unit === 'duration'
    ? formatDuration(value.amount)
    : `${formatAmount(value.amount)} ${value.unit}`;
}

/** What a card shows: like formatValue, with durations in their short form. */
export function displayValue(value: PbValue): string {
  return value.unit === 'duration' ? displayDuration(value.amount) : formatValue(value);
}
