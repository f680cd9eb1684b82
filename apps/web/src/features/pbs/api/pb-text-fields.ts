import type { Category, PbInput, Unit } from '@pbshare/shared';

// Kept apart from the save call: the service worker's outbox sender reads these too, and the
// call brings the page's session code with it.

/**
 * A PB's fields as the API reads them: text, as multipart parts carry them (an update sends the
 * same as JSON), with the value as its amount beside its unit.
 */
export interface PbTextFields {
  title: string;
  category: Category;
  /** The weight, the rep count, or a duration's whole seconds. */
  amount: string;
  unit: Unit;
  /** 'YYYY-MM-DD'. */
  date: string;
  /** A whole number, or '' for none. */
  sets: string;
  reps: string;
  story: string;
}

/** A checked PB (the form's output) as the API's text fields. */
export function toPbTextFields(input: PbInput): PbTextFields {
  const count = (n: number | null) => (n === null ? '' : String(n));
  return {
    title: input.title,
    category: input.category,
    amount: String(input.value.amount),
    unit: input.value.unit,
    date: input.achievedOn,
    sets: count(input.sets),
    reps: count(input.reps),
    story: input.story,
  };
}
