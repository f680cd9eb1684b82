/**
 * What the public page says of how many PBs a person shares: '1 personal best', '3 personal
 * bests', or, for nobody shared (all hidden, or none yet), that they have not shared any.
 */
export function profileCountLine(name: string, count: number): string {
  if (count === 0) return `${name} hasn't shared any PBs yet.`;
  return count === 1 ? '1 personal best' : `${count} personal bests`;
}
