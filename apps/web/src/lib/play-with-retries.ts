import { TIMINGS } from '@pbshare/shared';

export interface PlayWithRetriesOptions {
  /** A play() that was refused, while the retries still stand. */
  onRefused?: (error: unknown) => void;
}

/**
 * Starts `video`, and tries again at the spec's retry timings while it is still paused: browsers
 * refuse play() now and then while the element is still settling (a layout change, a load in
 * flight). Returns the cancel to call when the effect that started it cleans up.
 */
export function playWithRetries(
  video: HTMLVideoElement,
  { onRefused }: PlayWithRetriesOptions = {},
): () => void {
  let cancelled = false;
  const attempt = () => {
    if (cancelled || !video.paused) return;
    video.play().catch((error: unknown) => {
      if (!cancelled) onRefused?.(error);
    });
  };
  attempt();
  const timers = TIMINGS.videoAutoplayRetriesMs.map((delay) => window.setTimeout(attempt, delay));
  return () => {
    cancelled = true;
    for (const timer of timers) window.clearTimeout(timer);
  };
}
