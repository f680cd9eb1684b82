/**
 * Whether a record whose 'New PB' badge lasts until `newPbUntil` (an ISO time from
 * `newPbBadgeUntil`, null when it beat nothing) still shows the badge at `now` (epoch ms). Each
 * reader decides with its own clock, so an answer kept for days never shows a stale badge.
 */
export function isNewPbAt(newPbUntil: string | null, now: number): boolean {
  if (!newPbUntil) return false;
  const until = Date.parse(newPbUntil);
  return Number.isFinite(until) && now < until;
}
