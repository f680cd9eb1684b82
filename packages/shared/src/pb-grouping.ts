/** How an exercise's records are ordered in time and how titles group them into exercises. */
export interface Dated {
  achievedOn: string;
  createdAt: string;
}

/** Newest first: by achieved day, then by creation. */
export function newestFirst<T extends Dated>(records: readonly T[]): T[] {
  return [...records].sort(
    (a, b) => b.achievedOn.localeCompare(a.achievedOn) || b.createdAt.localeCompare(a.createdAt),
  );
}

/** Oldest first: the order in which an exercise's records were set. */
export function oldestFirst<T extends Dated>(records: readonly T[]): T[] {
  return newestFirst(records).reverse();
}

/** How exercise titles group: trimmed, case-insensitive, inner spaces collapsed. */
export function titleKey(title: string): string {
  return title.trim().replace(/\s+/g, ' ').toLowerCase();
}
