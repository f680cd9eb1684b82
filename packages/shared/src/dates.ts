/** Achieved dates are calendar days ('YYYY-MM-DD'), free of time zones. */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LONG_DATE = /^([A-Za-z]+)\s+(\d{1,2}),\s*(\d{4})$/;

function isRealDay(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

function iso(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Reads an ISO date or the spec's long form ('March 14, 2026'); undefined when it is neither. */
export function parseAchievedDate(text: string): string | undefined {
  const trimmed = text.trim();
  const isoMatch = ISO_DATE.exec(trimmed);
  if (isoMatch) {
    const [y, m, d] = isoMatch.slice(1).map(Number) as [number, number, number];
    return isRealDay(y, m, d) ? iso(y, m, d) : undefined;
  }
  const long = LONG_DATE.exec(trimmed);
  if (long) {
    const month = MONTHS.findIndex((name) => name.toLowerCase() === long[1]?.toLowerCase()) + 1;
    const [d, y] = [Number(long[2]), Number(long[3])];
    return month > 0 && isRealDay(y, month, d) ? iso(y, month, d) : undefined;
  }
  return undefined;
}

/**
 * 'YYYY-MM-DD' → 'March 4, 2026' (the API's and the cards' form), or with `padDay` the story
 * viewer's 'March 04, 2026'. Anything that is not an ISO day comes back unchanged.
 */
export function formatLongDate(isoDate: string, options: { padDay?: boolean } = {}): string {
  const match = ISO_DATE.exec(isoDate);
  if (!match) return isoDate;
  const [y, m, d] = match.slice(1).map(Number) as [number, number, number];
  const day = options.padDay ? String(d).padStart(2, '0') : String(d);
  return `${MONTHS[m - 1] ?? ''} ${day}, ${y}`;
}

/** Today as 'YYYY-MM-DD' in the given time zone offset (minutes east of UTC; default UTC). */
export function todayIso(now: Date = new Date(), offsetMinutes = 0): string {
  const shifted = new Date(now.getTime() + offsetMinutes * 60_000);
  return iso(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate());
}
