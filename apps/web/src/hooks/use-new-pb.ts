import { useClientValue } from './use-client-value';

/** Whether a 'New PB' badge that lasts until `newPbUntil` (an ISO time) still shows at `now`. */
export function showsNewPb(newPbUntil: string | null, now: number): boolean {
  if (!newPbUntil) return false;
  const until = Date.parse(newPbUntil);
  return Number.isFinite(until) && now < until;
}

/**
 * `showsNewPb` by the reader's clock (`now`, injectable for tests). The server sends only the
 * badge's end, so an answer cached for days stays right. A server-rendered page, and the browser
 * while it hydrates that HTML, show no badge (the server's clock is not the reader's, and the two
 * renders must agree); the render straight after hydration adds it.
 */
export function useShowsNewPb(newPbUntil: string | null, now: () => number = Date.now): boolean {
  return useClientValue(() => (showsNewPb(newPbUntil, now()) ? 1 : 0), 0) === 1;
}
