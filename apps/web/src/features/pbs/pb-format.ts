/** '3 sets × 5 reps', '3 sets', '5 reps', or null when neither is known. */
export function setsRepsText(sets: number | null, reps: number | null): string | null {
  const setsText = sets === null ? null : `${sets} ${sets === 1 ? 'set' : 'sets'}`;
  const repsText = reps === null ? null : `${reps} ${reps === 1 ? 'rep' : 'reps'}`;
  if (setsText && repsText) return `${setsText} × ${repsText}`;
  return setsText ?? repsText;
}

/** '1 Personal Best', '4 Personal Bests'. */
export function personalBestCount(count: number): string {
  return `${count} Personal Best${count === 1 ? '' : 's'}`;
}
