import type { Unit } from './categories.js';
import { UNITS } from './categories.js';

/**
 * A PB's measured value: an amount in a unit. Weights may have two decimals; reps are whole;
 * durations are whole seconds. The text forms are the spec's: '225 lbs', '15 reps', and durations
 * as H:MM:SS ('0:22:48'), shown without a zero hour ('22:48').
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

/** The spec's rule for duration inputs: a part that is not a number counts as 0. */
function partOf(value: string | number | undefined): number {
  const n = typeof value === 'number' ? value : Number((value ?? '').trim());
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : 0;
}

export function durationFromParts(parts: {
  hours?: string | number;
  minutes?: string | number;
  seconds?: string | number;
}): number {
  return partOf(parts.hours) * 3600 + partOf(parts.minutes) * 60 + partOf(parts.seconds);
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

/** The display form: a leading zero hour is dropped ('0:22:48' → '22:48', '1:05:00' stays). */
export function displayDuration(totalSeconds: number): string {
  return formatDuration(totalSeconds).replace(/^0:/, '');
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

export type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

const DURATION_TEXT = /^(?:(\d+):)?(\d{1,2}):(\d{1,2})(?:\s+duration)?$/i;

/**
 * Reads the spec's value text: 'amount unit' ('225 lbs', '15 reps') or a duration 'H:MM:SS' or
 * 'MM:SS', optionally followed by ' duration'. Rules: weights positive with at most two decimals,
 * reps a positive whole number, minutes and seconds 0-59, a duration above zero.
 */
export function parseValueText(text: string): ParseResult<PbValue> {
  const trimmed = text.trim();
  const duration = DURATION_TEXT.exec(trimmed);
  if (duration) {
    const [, h = '0', m = '0', s = '0'] = duration;
    if (Number(m) > 59 || Number(s) > 59) {
      return { ok: false, message: 'Minutes and seconds must be between 0 and 59' };
    }
    return checkValue({
      amount: durationFromParts({ hours: h, minutes: m, seconds: s }),
      unit: 'duration',
    });
  }
  const match = /^(-?\d+(?:\.\d+)?)\s*([a-z]+)$/i.exec(trimmed);
  const unit = match?.[2]?.toLowerCase();
  if (!match?.[1] || !unit || !(UNITS as readonly string[]).includes(unit) || unit === 'duration') {
    return {
      ok: false,
      message: "Enter the value as an amount and unit, such as '225 lbs', '15 reps' or '0:22:48'",
    };
  }
  return checkValue({ amount: Number(match[1]), unit: unit as Unit });
}

/** The rules every value must meet, whatever form it arrived in. */
export function checkValue(value: PbValue): ParseResult<PbValue> {
  const { amount, unit } = value;
  if (!Number.isFinite(amount)) return { ok: false, message: 'The value must be a number' };
  switch (unit) {
    case 'kg':
    case 'lbs':
      if (amount <= 0) return { ok: false, message: 'The weight must be more than 0' };
      if (Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6) {
        return { ok: false, message: 'The weight can have at most 2 decimals' };
      }
      if (amount > 100_000) return { ok: false, message: 'That weight is out of range' };
      return { ok: true, value: { amount: Math.round(amount * 100) / 100, unit } };
    case 'reps':
      if (!Number.isInteger(amount) || amount <= 0) {
        return { ok: false, message: 'Reps must be a whole number above 0' };
      }
      if (amount > 1_000_000) return { ok: false, message: 'That rep count is out of range' };
      return { ok: true, value };
    case 'duration':
      if (!Number.isInteger(amount) || amount <= 0) {
        return { ok: false, message: 'The time must be more than 0 seconds' };
      }
      if (amount > 1000 * 3600) return { ok: false, message: 'That time is out of range' };
      return { ok: true, value };
  }
}
