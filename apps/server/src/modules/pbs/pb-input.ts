import {
  CATEGORY_UNITS,
  SETS_REPS_MAX,
  checkValue,
  parseAchievedDate,
  parseValueText,
  pbFieldsSchema,
  todayIso,
  type Category,
  type FieldIssue,
  type PbValue,
} from '@pbshare/shared';
import { issuesOf, validationError } from '../../errors/app-error.js';

/** A PB's fields after every rule: what services store. */
export interface PbInput {
  title: string;
  category: Category;
  value: PbValue;
  achievedOn: string;
  sets: number | null;
  reps: number | null;
  story: string;
}

/** The most generous "today" on Earth (UTC+14), so nobody's today counts as the future. */
const LATEST_OFFSET_MINUTES = 14 * 60;
const FORM_FALLBACK = 'Please check the form.';

/**
 * Applies the PB rules to the form's text fields (the spec's names: title, category, value, date,
 * sets, reps, story; optionally `unit` beside a bare number). Every problem is reported at once,
 * per field, as one 400.
 */
export function parsePbFields(fields: Record<string, unknown>, now = new Date()): PbInput {
  const issues: FieldIssue[] = [];
  const shape = pbFieldsSchema.safeParse(fields);
  if (!shape.success) {
    throw validationError(issuesOf(shape.error), FORM_FALLBACK);
  }
  const f = shape.data;

  const value = parseValue(f.value, typeof fields.unit === 'string' ? fields.unit : undefined);
  if (!value.ok) issues.push({ field: 'value', message: value.message });
  else if (!CATEGORY_UNITS[f.category].includes(value.value.unit)) {
    issues.push({
      field: 'value',
      message: `${f.category} PBs are measured in ${CATEGORY_UNITS[f.category].join(' or ')}`,
    });
  }

  let achievedOn = todayIso(now);
  if (f.date) {
    const parsed = parseAchievedDate(f.date);
    if (!parsed) issues.push({ field: 'date', message: 'Please enter a valid date' });
    else if (parsed > todayIso(now, LATEST_OFFSET_MINUTES)) {
      issues.push({ field: 'date', message: 'The date cannot be in the future' });
    } else achievedOn = parsed;
  }

  const sets = wholeNumber(f.sets, 'sets', 'Sets', issues);
  const reps = wholeNumber(f.reps, 'reps', 'Reps', issues);
  if (issues.length > 0 || !value.ok) throw validationError(issues, FORM_FALLBACK);
  return {
    title: f.title,
    category: f.category,
    value: value.value,
    achievedOn,
    sets,
    reps,
    story: f.story?.trim() ?? '',
  };
}

function parseValue(text: string, unit: string | undefined) {
  if (unit && /^\d+(\.\d+)?$/.test(text)) {
    if (unit === 'duration') return checkValue({ amount: Number(text), unit: 'duration' });
    return parseValueText(`${text} ${unit}`);
  }
  return parseValueText(unit === 'duration' ? text.replace(/\s+duration$/i, '') : text);
}

function wholeNumber(
  text: string | undefined,
  field: string,
  label: string,
  issues: FieldIssue[],
): number | null {
  if (text === undefined || text === '' || text === 'null') return null;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > SETS_REPS_MAX) {
    issues.push({ field, message: `${label} must be a whole number from 1 to ${SETS_REPS_MAX}` });
    return null;
  }
  return n;
}
