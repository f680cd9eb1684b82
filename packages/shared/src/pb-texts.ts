// The short texts cards, the story viewer and the share page show beside a PB.

/** The sets and reps badges: '3 sets', '1 rep'. */
export function countLabel(count: number, unit: 'set' | 'rep'): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** '3 sets × 5 reps', '3 sets', '5 reps', or null when neither is known. */
export function setsRepsText(sets: number | null, reps: number | null): string | null {
  const setsText = sets === null ? null : countLabel(sets, 'set');
  const repsText = reps === null ? null : countLabel(reps, 'rep');
  if (setsText && repsText) return `${setsText} × ${repsText}`;
  return setsText ?? repsText;
}

/** '1 Personal Best', '4 Personal Bests'. */
export function personalBestCount(count: number): string {
  return `${count} Personal Best${count === 1 ? '' : 's'}`;
}
