const longDate = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 'November 21, 2026'. */
export function formatLongDate(date: Date): string {
  return longDate.format(date);
}

/** 3548 → '3,548'. */
export function formatCount(value: number): string {
  return wholeNumber.format(value);
}

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const RELATIVE_STEPS: readonly (readonly [Intl.RelativeTimeFormatUnit, number])[] = [
  ['day', 24 * 60 * 60],
  ['hour', 60 * 60],
  ['minute', 60],
];

/** 'Active now' within 5 minutes, then '3 hours ago', 'yesterday', and a date after a week. */
export function formatLastActive(date: Date, now: Date = new Date()): string {
  const seconds = Math.max(0, (now.getTime() - date.getTime()) / 1000);
  if (seconds < 5 * 60) return 'Active now';
  if (seconds >= 7 * 24 * 60 * 60) return `Last active ${formatLongDate(date)}`;
  const [unit, size] = RELATIVE_STEPS.find(([, step]) => seconds >= step) ?? ['minute', 60];
  return `Last active ${relative.format(-Math.floor(seconds / size), unit)}`;
}
