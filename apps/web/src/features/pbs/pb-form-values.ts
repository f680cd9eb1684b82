import {
  CATEGORIES,
  CATEGORY_UNITS,
  defaultUnitFor,
  durationPartFromText,
  durationToParts,
  numberFromText,
  pbInputSchema,
  TIME_BASED_CATEGORIES,
  todayIso,
  type Category,
  type PbInput,
  type PbInputFields,
  type PersonalBest,
  type Unit,
} from '@pbshare/shared';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';

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

/** Which of the optional count fields a category's record has. */
export interface CountFields {
  sets: boolean;
  reps: boolean;
}

/**
 * Weight Training keeps sets and reps (3 × 5 at 100 kg). Runs, rides and swims are one effort
 * against the clock: neither. In Bodyweight Training the value itself is the reps (or a hold's
 * time), so there is no separate reps field, but sets stay (3 sets of 15 pull-ups, 3 × 1:00
 * planks).
 */
export function countFieldsFor(category: Category): CountFields {
  if (TIME_BASED_CATEGORIES.includes(category)) return { sets: false, reps: false };
  if (category === 'Bodyweight Training') return { sets: true, reps: false };
  return { sets: true, reps: true };
}

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
  const counts = countFieldsFor(pb.category);
  return {
    category: pb.category,
    title: pb.title,
    unit: CATEGORY_UNITS[pb.category].includes(pb.unit) ? pb.unit : defaultUnitFor(pb.category),
    amount: duration ? '' : String(pb.amount),
    hours: duration ? String(duration.hours) : '',
    minutes: duration ? String(duration.minutes) : '',
    seconds: duration ? String(duration.seconds) : '',
    // An older record may hold counts its category no longer shows: saving drops them.
    sets: counts.sets && pb.sets !== null ? String(pb.sets) : '',
    reps: counts.reps && pb.reps !== null ? String(pb.reps) : '',
    story: pb.story,
    date: pb.achievedOn,
    value: '',
  };
}

/** The form's inputs as the shared rules read them; counts the category has not are not sent. */
function pbInputFields(form: PbFormValues): PbInputFields {
  const counts = countFieldsFor(form.category);
  return {
    title: form.title,
    category: form.category,
    value: {
      unit: form.unit,
      amount:
        form.unit === 'duration'
          ? {
              hours: durationPartFromText(form.hours),
              minutes: durationPartFromText(form.minutes),
              seconds: durationPartFromText(form.seconds),
            }
          : numberFromText(form.amount),
    },
    date: form.date,
    sets: counts.sets ? numberFromText(form.sets) : undefined,
    reps: counts.reps ? numberFromText(form.reps) : undefined,
    story: form.story,
  };
}

/**
 * The form's rules: the shared ones the server applies, against the browser's today, so the form
 * shows the server's messages on the same fields. Valid values come out as the PB's fields.
 */
export const pbFormSchema = z
  .custom<PbFormValues>()
  .transform(pbInputFields)
  .pipe(pbInputSchema({ today: () => localTodayIso() }));

/** The PB form as react-hook-form runs it: its inputs' values in, the PB's fields out. */
export type PbFormApi = UseFormReturn<PbFormValues, unknown, PbInput>;

/** The spec's navigation state for adding a record to an existing exercise. */
const addPbStateSchema = z.object({
  pbId: z.string(),
  preloadData: z.object({
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
