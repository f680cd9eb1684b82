import {
  CATEGORIES,
  CATEGORY_UNITS,
  checkValue,
  defaultUnitFor,
  durationFromParts,
  durationToParts,
  formatValue,
  pbFieldsSchema,
  SETS_REPS_MAX,
  todayIso,
  UNITS,
  type Category,
  type PersonalBest,
  type Unit,
} from '@pbshare/shared';
import { z } from 'zod';

import type { PbTextFields } from './api/save-personal-best';

/** Placeholders of the exercise name, per category. */
export const EXERCISE_PLACEHOLDERS: Readonly<Record<Category, string>> = {
  'Weight Training': 'e.g. Deadlift',
  'Bodyweight Training': 'e.g. Pull-ups',
  Running: 'e.g. 5K Run',
  Cycling: 'e.g. 40K Ride',
  Swimming: 'e.g. 100m Freestyle',
};

/** How each unit is named in the unit picker. */
export const UNIT_LABELS: Readonly<Record<Unit, string>> = {
  lbs: 'lbs',
  kg: 'kg',
  reps: 'Reps',
  duration: 'Time',
};

/** Today in the browser's time zone, as 'YYYY-MM-DD' (the date input's max and default). */
export function localTodayIso(now: Date = new Date()): string {
  return todayIso(now, -now.getTimezoneOffset());
}

/** The form's values: strings as the inputs hold them. */
export interface PbFormValues {
  category: Category;
  title: string;
  unit: Unit;
  /** The weight or the rep count. */
  amount: string;
  hours: string;
  minutes: string;
  seconds: string;
  sets: string;
  reps: string;
  story: string;
  date: string;
  /** Never an input: carries the value's error (client rules and the server's `value` issue). */
  value: string;
}

export function emptyPbFormValues(category: Category = CATEGORIES[0]): PbFormValues {
  return {
    category,
    title: '',
    unit: defaultUnitFor(category),
    amount: '',
    hours: '',
    minutes: '',
    seconds: '',
    sets: '',
    reps: '',
    story: '',
    date: localTodayIso(),
    value: '',
  };
}

/** A saved record as form values (the edit page). */
export function pbToFormValues(pb: PersonalBest): PbFormValues {
  const duration = pb.unit === 'duration' ? durationToParts(pb.amount) : undefined;
  return {
    category: pb.category,
    title: pb.title,
    unit: CATEGORY_UNITS[pb.category].includes(pb.unit) ? pb.unit : defaultUnitFor(pb.category),
    amount: duration ? '' : String(pb.amount),
    hours: duration ? String(duration.hours) : '',
    minutes: duration ? String(duration.minutes) : '',
    seconds: duration ? String(duration.seconds) : '',
    sets: pb.sets === null ? '' : String(pb.sets),
    reps: pb.reps === null ? '' : String(pb.reps),
    story: pb.story,
    date: pb.achievedOn,
    value: '',
  };
}

type ValueInputs = Pick<PbFormValues, 'unit' | 'amount' | 'hours' | 'minutes' | 'seconds'>;

/**
 * The value inputs as the API's text ('225 lbs', '15 reps', '0:22:48'), or the message that says
 * what is wrong with them. The rules are the shared ones the server applies.
 */
export function valueTextFrom(
  inputs: ValueInputs,
): { ok: true; text: string } | { ok: false; message: string } {
  const { unit } = inputs;
  if (unit === 'duration') {
    const minutes = partNumber(inputs.minutes);
    const seconds = partNumber(inputs.seconds);
    if (minutes > 59 || seconds > 59) {
      return { ok: false, message: 'Minutes and seconds must be between 0 and 59' };
    }
    const checked = checkValue({ amount: durationFromParts(inputs), unit });
    return checked.ok
      ? { ok: true, text: formatValue(checked.value) }
      : { ok: false, message: checked.message };
  }
  const raw = inputs.amount.trim();
  if (raw === '') {
    return {
      ok: false,
      message: unit === 'reps' ? 'Please enter the number of reps' : 'Please enter the weight',
    };
  }
  const checked = checkValue({ amount: Number(raw), unit });
  return checked.ok
    ? { ok: true, text: formatValue(checked.value) }
    : { ok: false, message: checked.message };
}

/** A duration part as the shared rules read it (not a number → 0). */
function partNumber(text: string): number {
  return durationFromParts({ seconds: text });
}

const wholeNumberText = (label: string) =>
  z
    .string()
    .trim()
    .refine(
      (text) =>
        text === '' || (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= SETS_REPS_MAX),
      `${label} must be a whole number from 1 to ${SETS_REPS_MAX}`,
    );

/** The form's rules: the shared field schema plus the value, sets, reps and date rules. */
export const pbFormSchema = z
  .object({
    category: pbFieldsSchema.shape.category,
    title: pbFieldsSchema.shape.title,
    unit: z.enum(UNITS),
    amount: z.string(),
    hours: z.string(),
    minutes: z.string(),
    seconds: z.string(),
    sets: wholeNumberText('Sets'),
    reps: wholeNumberText('Reps'),
    // Required here: the form always holds a story, if only ''.
    story: pbFieldsSchema.shape.story.unwrap(),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a valid date'),
    value: z.string(),
  })
  .superRefine((values, ctx) => {
    if (!CATEGORY_UNITS[values.category].includes(values.unit)) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: `${values.category} PBs are measured in ${CATEGORY_UNITS[values.category].join(' or ')}`,
      });
    } else {
      const value = valueTextFrom(values);
      if (!value.ok) ctx.addIssue({ code: 'custom', path: ['value'], message: value.message });
    }
    if (values.date > localTodayIso()) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'The date cannot be in the future' });
    }
  });

/** Valid form values as the API's text fields. */
export function toPbTextFields(values: PbFormValues): PbTextFields {
  const value = valueTextFrom(values);
  if (!value.ok) throw new Error(value.message);
  return {
    title: values.title.trim(),
    category: values.category,
    value: value.text,
    date: values.date,
    sets: values.sets.trim(),
    reps: values.reps.trim(),
    story: values.story.trim(),
  };
}

/** The spec's navigation state for adding a record to an existing exercise. */
const addPbStateSchema = z.object({
  pbId: z.string(),
  preloadData: z.object({
    isAdding: z.literal('true'),
    exerciseName: z.string(),
    category: z.string(),
    reps: z.string().default(''),
    sets: z.string().default(''),
  }),
});
export type AddPbNavigationState = z.infer<typeof addPbStateSchema>;

export function addRecordState(pb: PersonalBest): AddPbNavigationState {
  return {
    pbId: pb.id,
    preloadData: {
      isAdding: 'true',
      exerciseName: pb.title,
      category: pb.category,
      reps: pb.reps === null ? '' : String(pb.reps),
      sets: pb.sets === null ? '' : String(pb.sets),
    },
  };
}

/** Reads the navigation state defensively: it may come from anywhere (history, a bookmark). */
export function readAddPbState(state: unknown): AddPbNavigationState | undefined {
  const parsed = addPbStateSchema.safeParse(state);
  return parsed.success ? parsed.data : undefined;
}
