import {
  numberFromText,
  parseAchievedDate,
  pbFieldsSchema,
  pbInputSchema,
  todayIso,
  type PbFields,
  type PbInput,
  type PbInputFields,
  type PbValueInput,
} from '@pbshare/shared';
import { issuesOf, validationError } from '../../errors/app-error.js';

/** A PB's fields after every rule: what services store. */
export type { PbInput } from '@pbshare/shared';

/** The most generous "today" on Earth (UTC+14), so nobody's today counts as the future. */
const LATEST_OFFSET_MINUTES = 14 * 60;
const FORM_FALLBACK = 'Please check the form.';
/** The spec's bare number in `value`, measured in the `unit` beside it. */
const BARE_NUMBER = /^\d+(\.\d+)?$/;

/** The wire's text fields read into the shared rules' input, then checked by them. */
const pbFields = pbFieldsSchema
  .transform((f): PbInputFields => ({
    title: f.title,
    category: f.category,
    value: valueOf(f),
    // No date means today (UTC, like every stored day); the long form 'March 1, 2026' is read too.
    date: f.date?.trim() ? (parseAchievedDate(f.date) ?? f.date) : todayIso(),
    sets: countOf(f.sets),
    reps: countOf(f.reps),
    story: f.story,
  }))
  .pipe(pbInputSchema({ today: () => todayIso(new Date(), LATEST_OFFSET_MINUTES) }));

/**
 * Applies the PB rules to the form's text fields (the spec's names: title, category, value, date,
 * sets, reps, story; or `amount` and `unit` for the value). Every problem is reported at once,
 * per field, as one 400.
 */
export function parsePbFields(fields: Record<string, unknown>): PbInput {
  const result = pbFields.safeParse(fields);
  if (!result.success) throw validationError(issuesOf(result.error), FORM_FALLBACK);
  return result.data;
}

/** `amount` (or the spec's bare number in `value`) beside `unit`, else the spec's value text. */
function valueOf({ value = '', amount, unit = '' }: PbFields): PbValueInput {
  if (amount !== undefined) return { unit, amount: numberFromText(amount) };
  if (unit && BARE_NUMBER.test(value.trim())) return { unit, amount: numberFromText(value) };
  return value;
}

/** Sets or reps; '' and the spec's 'null' mean none. */
function countOf(text: string | undefined): number | undefined {
  return text === undefined || text.trim() === 'null' ? undefined : numberFromText(text);
}
