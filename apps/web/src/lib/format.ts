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
