import { isPlayableVideo } from '@pbshare/shared';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type MouseEvent,
  type RefObject,
  type SyntheticEvent,
} from 'react';

import { cn } from '@/lib/cn';
import { SlideArrow } from './slide-arrow';
import { SlideDetails } from './slide-details';
import { StoryHeader } from './story-header';
import { hasMedia, StoryMedia, StoryMediaPreload } from './story-media';
import type { StoryOwner, StoryPb } from './story-types';
import { useHoldHidesChrome } from './use-hold-hides-chrome';
import { usePressAndHold } from './use-press-and-hold';
import { useStorySound } from './use-sound-preference';
import { useStoryKeys } from './use-story-keys';
import { useStoryNavigation } from './use-story-navigation';
import { useStoryPlayback } from './use-story-playback';
import { useStorySwipes } from './use-story-swipes';

/** What a screen reader announces for the viewer: its name and how to use it. */
export function storyLabels(ownerName: string) {
  return {
    title: `${ownerName}'s personal bests`,
    description:
      'Use the left and right arrow keys or the previous and next buttons to move between personal bests. Press Escape to close. Press Space to pause or play.',
  };
}

export interface StoryStageProps {
  pbs: readonly StoryPb[];
  owner: StoryOwner;
  frameRef: RefObject<HTMLElement | null>;
  initialIndex: number;
  onClose: () => void;
  onFinish: (() => void) | undefined;
  /** Reports a PB (the public page, to a visitor); without it no slide offers a report. */
  onReport?: ((pb: StoryPb) => void) | undefined;
  /** Something is open over the story (the report form): it waits, as for a loading photo. */
  interrupted?: boolean | undefined;
}

/**
 * Everything inside the viewer, whichever dialog holds it (story-viewer.tsx, story-page.tsx).
 * Mounted on open, so each opening starts at `initialIndex`.
 */
export function StoryStage({
  pbs,
  owner,
  frameRef,
  initialIndex,
  onClose,
  onFinish,
  onReport,
  interrupted = false,
}: StoryStageProps) {
  const count = pbs.length;
  const wrap = !onFinish;
  const { index, expanded, slideKey, next, previous, goTo, toggleStory } = useStoryNavigation(
    count,
    { wrap, onFinish, initialIndex },
  );
  const { muted, toggleSound, onUserGesture, onAutoplayBlocked } = useStorySound();
  const [failedUrls, setFailedUrls] = useState<ReadonlySet<string>>(() => new Set());
  const markFailed = useCallback((url: string) => {
    setFailedUrls((current) => new Set(current).add(url));
  }, []);
  // The slide whose photo has loaded: a photo's time starts once it is on screen.
  const [loadedSlide, setLoadedSlide] = useState<string | null>(null);

  const pb = pbs[index];
  const media = pb?.media;
  const failed = media ? failedUrls.has(media.fullUrl) : false;
  const playable = hasMedia(media) && !failed;
  const isVideo = playable && isPlayableVideo(media);
  const photoLoading = playable && !isVideo && loadedSlide !== slideKey;

  const playback = useStoryPlayback({
    slideKey,
    clock: isVideo ? 'video' : 'timer',
    waiting: photoLoading || expanded || interrupted,
    onEnd: next,
  });
  const { chromeHidden, setHeld } = useHoldHidesChrome(playback.setHeld);
  const hold = usePressAndHold(frameRef, setHeld);
  const swipes = useStorySwipes(frameRef, { next, previous, close: onClose });
  useStoryKeys({ next, previous, togglePaused: playback.togglePaused });

  // A move can take away the element that had focus (the open story's button, the previous
  // arrow on the first slide), which leaves focus on the page or on the dialog itself: it goes
  // back to the frame instead. (Opening is the dialog's own business, hence the first slide.)
  const stageRef = useRef<HTMLDivElement>(null);
  const [firstSlideKey] = useState(slideKey);
  useEffect(() => {
    if (slideKey === firstSlideKey) return;
    const active = document.activeElement;
    if (!active || active === document.body || active === stageRef.current?.parentElement) {
      frameRef.current?.focus();
    }
  }, [slideKey, firstSlideKey, frameRef]);

  const upcoming = index + 1 < count ? pbs[index + 1] : wrap && count > 1 ? pbs[0] : undefined;

  /** Any tap or key press, except on the sound button (which sets the sound itself). */
  function onGesture(event: SyntheticEvent) {
    const target = event.target as Element | null;
    if (target?.closest('[data-sound-toggle]')) return;
    onUserGesture();
  }

  function onToggleStory(event: MouseEvent) {
    toggleStory();
    // A tap leaves focus on the frame, where the keys work as before; a keyboard user pressing
    // the hint keeps their place on it.
    if (event.detail > 0) frameRef.current?.focus();
  }

  return (
    <div
      ref={stageRef}
      className="flex size-full items-center justify-center"
      onPointerDownCapture={(event) => {
        onGesture(event);
        hold.onPointerDown(event);
        swipes.onPointerDown(event);
      }}
      onPointerMoveCapture={swipes.onPointerMove}
      onPointerUpCapture={swipes.onPointerUp}
      onPointerCancelCapture={swipes.onPointerCancel}
      onClickCapture={(event) => {
        // The tap that ends a swipe or a hold is not also a tap on a zone or a button.
        const held = hold.takeHold();
        const swiped = swipes.takeSwipe();
        if (swiped || held) {
          event.stopPropagation();
          event.preventDefault();
        }
      }}
      onKeyDownCapture={onGesture}
      onClick={(event) => {
        // The dark space around the frame on wide screens closes it, like a lightbox.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        data-chrome={chromeHidden ? 'hidden' : 'shown'}
        className="group/story relative h-full w-full md:h-[min(844px,90vh)] md:w-[390px]"
      >
        <section
          ref={frameRef}
          tabIndex={-1}
          aria-roledescription="story"
          aria-label={`${owner.name}'s personal bests`}
          data-testid="story-frame"
          data-playing={playback.running}
          onContextMenu={(event) => {
            // A long press holds the story; it should not also open the picture's menu.
            if (hold.isHolding()) event.preventDefault();
          }}
          // No touch gesture is the browser's here (a vertical pan would cancel the swipe down
          // that closes the story); the open story's text scrolls on its own.
          className="absolute inset-0 touch-none overflow-hidden bg-black text-white outline-none select-none [-webkit-touch-callout:none] md:rounded-[2rem] md:shadow-[0_30px_80px_-20px_rgb(0_0_0/0.8)] md:ring-1 md:ring-white/10"
        >
          {pb ? (
            <article
              key={`${pb.id}:${slideKey}`}
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              data-testid="story-slide"
              // Moving to a slide fades it in; the first one is simply there, so a server-rendered
              // page paints it at once.
              className={cn(
                'absolute inset-0',
                slideKey !== firstSlideKey && 'motion-safe:animate-fade-in',
              )}
            >
              <div className="absolute inset-0">
                <StoryMedia
                  media={media}
                  label={`${pb.title}, ${pb.displayValue}`}
                  muted={muted}
                  onAutoplayBlocked={onAutoplayBlocked}
                  failed={failed}
                  onFail={() => {
                    if (media) markFailed(media.fullUrl);
                  }}
                  playing={playback.running}
                  onReady={() => {
                    setLoadedSlide(slideKey);
                  }}
                  onEnded={playback.onVideoEnded}
                  videoRef={playback.videoRef}
                />
              </div>

              {/* Tap zones: the left third goes back, the right third forward. */}
              <div
                aria-hidden="true"
                data-testid="story-tap-previous"
                className="absolute inset-y-0 left-0 z-10 w-1/3 cursor-w-resize"
                onClick={previous}
              />
              <div
                aria-hidden="true"
                data-testid="story-tap-next"
                className="absolute inset-y-0 right-0 z-10 w-1/3 cursor-e-resize"
                onClick={next}
              />

              <SlideDetails pb={pb} expanded={expanded} onToggleStory={onToggleStory} />
            </article>
          ) : (
            <p className="flex size-full items-center justify-center text-white/70">
              No personal bests to show.
            </p>
          )}

          <StoryHeader
            pbs={pbs}
            index={index}
            onGoTo={goTo}
            progressRef={playback.progressRef}
            owner={owner}
            paused={playback.userPaused}
            onTogglePaused={playback.togglePaused}
            showSound={isVideo}
            muted={muted}
            onToggleSound={toggleSound}
            onClose={onClose}
            onReport={
              onReport && pb
                ? () => {
                    onReport(pb);
                  }
                : undefined
            }
          />

          <p className="sr-only" aria-live="polite" aria-atomic="true">
            {pb ? `Personal best ${index + 1} of ${count}: ${pb.title}, ${pb.displayValue}` : ''}
          </p>
          {upcoming && upcoming.id !== pb?.id ? <StoryMediaPreload media={upcoming.media} /> : null}
        </section>

        {count > 1 && index > 0 ? <SlideArrow direction="previous" onClick={previous} /> : null}
        {count > 1 ? <SlideArrow direction="next" onClick={next} /> : null}
      </div>
    </div>
  );
}
