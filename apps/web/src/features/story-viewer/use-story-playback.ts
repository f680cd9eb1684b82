import { STORY_PHOTO_MS } from '@pbshare/shared';
import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';

import { useHydrated, usePageHidden, usePrefersReducedMotion } from '@/hooks/page-conditions';

/**
 * What times a slide: a timer of STORY_PHOTO_MS (photos, and slides whose media is missing or
 * broken), or the video itself.
 */
export type SlideClock = 'timer' | 'video';

export interface StoryPlaybackOptions {
  /** Different for every slide shown, a slide shown again included: the clock starts over. */
  slideKey: string;
  clock: SlideClock;
  /**
   * The slide itself holds the clock: its photo is still loading, or its whole story is open to
   * be read. Not a pause the visitor asked for, so the Play control does not show for it.
   */
  waiting: boolean;
  /** The slide has run its course. */
  onEnd: () => void;
}

/** Writes a progress of 0..1 on the current segment's fill, as a transform (no layout work). */
function paint(element: HTMLElement | null, progress: number) {
  if (element) element.style.transform = `scaleX(${progress.toFixed(4)})`;
}

function videoProgress(video: HTMLVideoElement | null): number {
  if (!video || !Number.isFinite(video.duration) || video.duration <= 0) return 0;
  return Math.min(1, video.currentTime / video.duration);
}

/**
 * The viewer's clock (docs/PRODUCT.md §4). A photo runs for STORY_PHOTO_MS, measured frame by
 * frame with requestAnimationFrame so a pause stops it exactly where it is; a video runs for its
 * own length, its progress read from the element, and ends on `ended`. The current progress
 * segment is painted from here on every frame rather than through React state, so playing
 * re-renders nothing.
 *
 * It stops while the visitor holds the slide, while the page is hidden, while the slide waits,
 * and while the visitor paused it (Space or the Pause button). With reduced motion asked for,
 * it starts paused and nothing moves on until the visitor presses Play.
 */
export function useStoryPlayback({ slideKey, clock, waiting, onEnd }: StoryPlaybackOptions) {
  // The visitor's Pause or Play; until they press one, reduced motion decides.
  const [pausedByVisitor, setPausedByVisitor] = useState<boolean | null>(null);
  const reducedMotion = usePrefersReducedMotion();
  const userPaused = pausedByVisitor ?? reducedMotion;
  const [held, setHeld] = useState(false);
  const hidden = usePageHidden();
  // Nothing starts while a server-rendered slide hydrates: whether motion is welcome is known
  // only in the render after it.
  const hydrated = useHydrated();
  const running = hydrated && !userPaused && !held && !hidden && !waiting;

  const progressRef = useRef<HTMLElement | null>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const elapsedMs = useRef(0);
  const end = useEffectEvent(onEnd);

  // Before paint, so a new slide never shows the previous one's progress for a frame.
  useLayoutEffect(() => {
    elapsedMs.current = 0;
    paint(progressRef.current, 0);
  }, [slideKey]);

  useEffect(() => {
    if (!running) return;
    let last = performance.now();
    let frame = requestAnimationFrame(tick);
    function tick() {
      const now = performance.now();
      if (clock === 'video') {
        paint(progressRef.current, videoProgress(videoRef.current));
      } else {
        elapsedMs.current += now - last;
        const progress = Math.min(1, elapsedMs.current / STORY_PHOTO_MS);
        paint(progressRef.current, progress);
        if (progress >= 1) {
          end();
          return;
        }
      }
      last = now;
      frame = requestAnimationFrame(tick);
    }
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [running, clock, slideKey]);

  const togglePaused = useCallback(() => {
    setPausedByVisitor(!userPaused);
  }, [userPaused]);

  /** The video reached its end: it does not loop, the story moves on. */
  const onVideoEnded = useCallback(() => {
    paint(progressRef.current, 1);
    onEnd();
  }, [onEnd]);

  return {
    /** The clock runs (and a video plays) now. */
    running,
    /** The visitor paused: the control reads Play. */
    userPaused,
    togglePaused,
    setHeld,
    progressRef,
    videoRef,
    onVideoEnded,
  };
}
