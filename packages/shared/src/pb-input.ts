import { z } from 'zod';
import { CATEGORIES, CATEGORY_UNITS, type Category } from './categories.js';
import type { DurationParts, PbValue } from './pb-values.js';
import { PB_STORY_MAX_LENGTH, PB_TITLE_MAX_LENGTH, SETS_REPS_MAX } from './pbs.js';

/**
 * The rules of a PB's fields (docs/PRODUCT.md §5): the one definition the form and the server
 * both apply, so they refuse the same input with the same words. Each field reports its first
 * problem only; whatever part of the value is wrong (amount, unit, hours...), the problem is
 * reported on `value`, where the form shows it.
 */

const NOT_A_NUMBER = 'The value must be a number';
const VALUE_FORMAT =
  "Enter the value as an amount and unit, such as '225 lbs', '15 reps' or '0:22:48'";
const MINUTES_SECONDS = 'Minutes and seconds must be between 0 and 59';
const HOURS = 'Hours must be a whole number of 0 or more';
const TIME_ABOVE_ZERO = 'The time must be more than 0 seconds';
const REPS_ABOVE_ZERO = 'Reps must be a whole number above 0';
const TITLE_REQUIRED = 'Exercise name is required';

// Each digit has one place to go, so a long text costs linear time (a client may send 1 MB).
const DECIMAL_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * A number as typed: '' (nothing typed) is undefined, a decimal ('225', ' 102.5 ') its number,
 * and anything else NaN, which every rule refuses as not a number.
 */
export function numberFromText(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return DECIMAL_TEXT.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** A duration part as typed. The spec's rule: a part that is not a number counts as 0. */
export function durationPartFromText(text: string): number {
  const n = Number(text.trim());
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : 0;
}

/** The amount's message when it is missing (per unit) or not a number. */
const amountError = (missing: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? missing : NOT_A_NUMBER;

const weightSchema = z
  .number({ error: amountError('Please enter the weight') })
  .gt(0, 'The weight must be more than 0')
  .refine(
    (weight) => Math.abs(weight * 100 - Math.round(weight * 100)) <= 1e-6,
    'The weight can have at most 2 decimals',
  )
  .max(100_000, 'That weight is out of range')
  .transform((weight) => Math.round(weight * 100) / 100);

const repCountSchema = z
  .number({ error: amountError('Please enter the number of reps') })
  .refine((n) => Number.isInteger(n) && n > 0, REPS_ABOVE_ZERO)
  .max(1_000_000, 'That rep count is out of range');

/** A duration in whole seconds. */
const durationSchema = z
  .number()
  .refine((n) => Number.isInteger(n) && n > 0, TIME_ABOVE_ZERO)
  .max(1000 * 3600, 'That time is out of range');

const minutesOrSeconds = z.int(MINUTES_SECONDS).min(0, MINUTES_SECONDS).max(59, MINUTES_SECONDS);

/** A duration's amount: whole seconds, or hours, minutes and seconds (minutes and seconds 0-59). */
const durationAmountSchema = z
  .union(
    [
      z.number(),
      z.object({
        hours: z.int(HOURS).min(0, HOURS),
        minutes: minutesOrSeconds,
        seconds: minutesOrSeconds,
      }),
    ],
    { error: amountError(TIME_ABOVE_ZERO) },
  )
  .transform((amount) =>
    typeof amount === 'number'
      ? amount
      : amount.hours * 3600 + amount.minutes * 60 + amount.seconds,
  )
  .pipe(durationSchema);

/** A measured value, checked by the rules of its unit. */
const unitAmountSchema = z.discriminatedUnion(
  'unit',
  [
    z.object({ unit: z.enum(['lbs', 'kg']), amount: weightSchema }),
    z.object({ unit: z.literal('reps'), amount: repCountSchema }),
    z.object({ unit: z.literal('duration'), amount: durationAmountSchema }),
  ],
  // No such unit, or no value at all.
  { error: VALUE_FORMAT },
);

/**
 * A value as the rules read it: the spec's text ('225 lbs', '15 reps', '0:22:48' or '22:48',
 * optionally followed by ' duration'), or a unit with its amount (a duration's amount in whole
 * seconds, or as its parts).
 */
export type PbValueInput = string | { unit: string; amount: number | DurationParts | undefined };

const DURATION_TEXT = /^(?:(\d+):)?(\d{1,2}):(\d{1,2})(?:\s+duration)?$/i;
const AMOUNT_UNIT_TEXT = /^(-?\d+(?:\.\d+)?)\s*([a-z]+)$/i;

/** The spec's value text as a unit and amount, unchecked; undefined when it is neither form. */
function unitAmountFromText(text: string): PbValueInput | undefined {
  const duration = DURATION_TEXT.exec(text);
  if (duration) {
    const [, hours = '0', minutes = '0', seconds = '0'] = duration;
    return {
      unit: 'duration',
      amount: { hours: Number(hours), minutes: Number(minutes), seconds: Number(seconds) },
    };
  }
  const match = AMOUNT_UNIT_TEXT.exec(text);
  const unit = match?.[2]?.toLowerCase();
  // '90 duration' is not a duration's text form.
  if (!match?.[1] || !unit || unit === 'duration') return undefined;
  return { unit, amount: Number(match[1]) };
}

/** A PB's value, from its text or its unit and amount (`PbValueInput`), as an amount in a unit. */
export const pbValueSchema = z.custom<PbValueInput>().transform((input, ctx): PbValue => {
  const text = typeof input === 'string' ? input.trim() : undefined;
  if (text === '') {
    ctx.addIssue({ code: 'custom', message: 'Value is required' });
    return z.NEVER;
  }
  const checked = unitAmountSchema.safeParse(text === undefined ? input : unitAmountFromText(text));
  if (checked.success) return checked.data;
  ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? VALUE_FORMAT });
  return z.NEVER;
});

const countSchema = (label: 'Sets' | 'Reps') => {
  const message = `${label} must be a whole number from 1 to ${SETS_REPS_MAX}`;
  return z.int(message).min(1, message).max(SETS_REPS_MAX, message).nullish();
};

/** A PB's fields after every rule: what the server stores and the form sends. */
export interface PbInput {
  title: string;
  category: Category;
  value: PbValue;
  /** 'YYYY-MM-DD'. */
  achievedOn: string;
  sets: number | null;
  reps: number | null;
  story: string;
}

/**
 * The fields `pbInputSchema` reads, before its rules. Typed as loosely as clients send them: a
 * missing title or an unknown category is the rules' to refuse, with their message.
 */
export interface PbInputFields {
  title?: string;
  category?: string;
  value: PbValueInput;
  /** 'YYYY-MM-DD'. */
  date?: string;
  sets?: number | null;
  reps?: number | null;
  story?: string;
}

export interface PbInputOptions {
  /**
   * The latest day that is not in the future, 'YYYY-MM-DD', asked at each check: the browser's
   * own today, or on the server the most generous today on Earth.
   */
  today: () => string;
}

/**
 * The rules of a PB's fields: title, category, value (`pbValueSchema`, in a unit of the
 * category), the day it was achieved ('YYYY-MM-DD', not after `today`), sets and reps (whole,
 * 1 to SETS_REPS_MAX, optional) and the story. Every field is checked, so all problems show at
 * once.
 */
/* @__NO_SIDE_EFFECTS__ */
export function pbInputSchema({ today }: PbInputOptions): z.ZodType<PbInput, PbInputFields> {
  return z
    .object({
      title: z
        .string({ error: TITLE_REQUIRED })
        .trim()
        .min(1, TITLE_REQUIRED)
        .max(
          PB_TITLE_MAX_LENGTH,
          `Exercise names can have at most ${PB_TITLE_MAX_LENGTH} characters`,
        ),
      category: z.enum(CATEGORIES, { error: 'Please choose a category' }),
      value: pbValueSchema,
      date: z.iso
        .date({ error: 'Please enter a valid date', abort: true })
        .refine((day) => day <= today(), 'The date cannot be in the future'),
      sets: countSchema('Sets'),
      reps: countSchema('Reps'),
      story: z
        .string()
        .max(PB_STORY_MAX_LENGTH, `Stories can have at most ${PB_STORY_MAX_LENGTH} characters`)
        .optional(),
    })
    .superRefine(
      ({ category, value }, ctx) => {
        const units = CATEGORY_UNITS[category];
        if (!units.includes(value.unit)) {
          ctx.addIssue({
            code: 'custom',
            path: ['value'],
            message: `${category} PBs are measured in ${units.join(' or ')}`,
          });
        }
      },
      // Only once the category and the value are each right, so the value shows one problem.
      {
        when: (payload) =>
          !payload.issues.some(
            (i) => !i.path?.length || i.path[0] === 'category' || i.path[0] === 'value',
          ),
      },
    )
    .transform(({ date, sets, reps, story, ...fields }): PbInput => ({
      ...fields,
      achievedOn: date,
      sets: sets ?? null,
      reps: reps ?? null,
      story: story?.trim() ?? '',
    }));
}
