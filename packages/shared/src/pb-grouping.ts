/** Which record of an exercise is the current PB: the newest by achieved date, then by creation. */
export interface Dated {
  achievedOn: string;
  createdAt: string;
}

export function newestFirst<T extends Dated>(records: readonly T[]): T[] {
  return [...records].sort(
    (a, b) => b.achievedOn.localeCompare(a.achievedOn) || b.createdAt.localeCompare(a.createdAt),
  );
}

/** The current record and the older ones (newest first); undefined for no records. */
export function splitCurrent<T extends Dated>(
  records: readonly T[],
): { current: T; history: T[] } | undefined {
  const [current, ...history] = newestFirst(records);
  return current && { current, history };
}

/** How exercise titles group: trimmed, case-insensitive, inner spaces collapsed. */
export function titleKey(title: string): string {
  return title.trim().replace(/\s+/g, ' ').toLowerCase();
}
