import { countLabel } from '@pbshare/shared';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Calendar, ChevronLeft, ChevronRight, Volume2, VolumeX, X } from 'lucide-react';
import {
  useCallback,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
  type SyntheticEvent,
} from 'react';

import { Avatar } from '@/components/ui/avatar';
import { useRestoreFocus } from '@/hooks/use-restore-focus';
import { cn } from '@/lib/cn';
import { formatStoryDate } from './story-format';
import { hasMedia, StoryMedia, StoryMediaPreload } from './story-media';
import { StoryText } from './story-text';
import type { StoryOwner, StoryPb } from './story-types';
import { useStorySound } from './use-sound-preference';
import { useStoryNavigation } from './use-story-navigation';

export interface StoryViewerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pbs: readonly StoryPb[];
  owner: StoryOwner;
  /**
   * Where focus goes once the viewer closes. By default it returns to what opened it; the public
   * page, which opens the viewer by itself, moves it to its end screen instead.
   */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * The one story viewer, used by the share preview and the public page (docs/PRODUCT.md §2): a
 * phone-sized frame (390x844, at most 90vh) centred on wide screens and the whole screen on
 * phones, one progress segment per PB, tap zones and buttons that move with wrap-around, the
 * arrow keys, and Escape to close. It is a modal dialog: focus stays inside while it is open.
 */
export function StoryViewer({
  open,
  onOpenChange,
  pbs,
  owner,
  onCloseAutoFocus,
}: StoryViewerProps) {
  const frameRef = useRef<HTMLElement>(null);
  // Opened by any button, not a Dialog.Trigger.
  const returnFocus = useRestoreFocus();

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black md:bg-ink/90 md:backdrop-blur-md motion-safe:data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          className="fixed inset-0 z-50 outline-none"
          onOpenAutoFocus={(event) => {
            returnFocus.remember();
            // The frame itself takes focus, so the arrow keys work at once and no button shows
            // a focus ring the visitor did not ask for.
            event.preventDefault();
            frameRef.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            if (onCloseAutoFocus) {
              onCloseAutoFocus(event);
              return;
            }
            returnFocus.restore(event);
          }}
        >
          <DialogPrimitive.Title className="sr-only">
            {`${owner.name}'s personal bests`}
          </DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">
            Use the left and right arrow keys or the previous and next buttons to move between
            personal bests. Press Escape to close.
          </DialogPrimitive.Description>
          <StoryStage
            pbs={pbs}
            owner={owner}
            frameRef={frameRef}
            onClose={() => {
              onOpenChange(false);
            }}
          />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** How far a finger must travel sideways to count as a swipe. */
const SWIPE_MIN_PX = 50;

const roundButton =
  'inline-flex items-center justify-center rounded-full transition-[background-color,transform,opacity] duration-150 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white active:scale-95 motion-reduce:transition-none motion-reduce:active:scale-100 [&_svg]:pointer-events-none';

interface StoryStageProps {
  pbs: readonly StoryPb[];
  owner: StoryOwner;
  frameRef: RefObject<HTMLElement | null>;
  onClose: () => void;
}

/** Everything inside the dialog. Mounted on open, so each opening starts at the first PB. */
function StoryStage({ pbs, owner, frameRef, onClose }: StoryStageProps) {
  const count = pbs.length;
  const { index, expanded, next, previous, goTo, toggleStory } = useStoryNavigation(count);
  const { muted, toggleSound, onUserGesture, onAutoplayBlocked } = useStorySound();
  const [failedUrls, setFailedUrls] = useState<ReadonlySet<string>>(() => new Set());
  const markFailed = useCallback((url: string) => {
    setFailedUrls((current) => new Set(current).add(url));
  }, []);

  const pb = pbs[index];
  const upcoming = count > 1 ? pbs[(index + 1) % count] : undefined;
  const media = pb?.media;
  const showSound = media?.type === 'video' && hasMedia(media) && !failedUrls.has(media.fullUrl);

  // Touch swipes: where a finger went down, and whether the last one moved a slide.
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);

  function onKeyDown(event: KeyboardEvent) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      next();
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      previous();
    }
  }

  /** Any tap or key press, except on the sound button (which sets the sound itself). */
  function onGesture(event: SyntheticEvent) {
    const target = event.target as Element | null;
    if (target?.closest('[data-sound-toggle]')) return;
    onUserGesture();
  }

  return (
    <div
      className="flex size-full items-center justify-center"
      onKeyDown={onKeyDown}
      onPointerDownCapture={(event) => {
        onGesture(event);
        swipe.current = null;
        swiped.current = false;
        if (event.pointerType !== 'mouse') swipe.current = { x: event.clientX, y: event.clientY };
      }}
      onPointerUpCapture={(event) => {
        const start = swipe.current;
        swipe.current = null;
        if (!start) return;
        const dx = event.clientX - start.x;
        const dy = event.clientY - start.y;
        if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return;
        // A swipe to the left shows the next PB, like turning a page.
        swiped.current = true;
        if (dx < 0) next();
        else previous();
      }}
      onClickCapture={(event) => {
        // The tap that ends a swipe is not also a tap on a zone or a button.
        if (swiped.current) {
          swiped.current = false;
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
      <div className="relative h-full w-full md:h-[min(844px,90vh)] md:w-[390px]">
        <section
          ref={frameRef}
          tabIndex={-1}
          aria-roledescription="story"
          aria-label={`${owner.name}'s personal bests`}
          data-testid="story-frame"
          className="absolute inset-0 touch-pan-y overflow-hidden bg-black text-white outline-none select-none md:rounded-[2rem] md:shadow-[0_30px_80px_-20px_rgb(0_0_0/0.8)] md:ring-1 md:ring-white/10"
        >
          {pb ? (
            <article
              key={pb.id}
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              data-testid="story-slide"
              className="absolute inset-0 motion-safe:animate-fade-in"
            >
              <div className="absolute inset-0">
                <StoryMedia
                  media={media}
                  label={`${pb.title}, ${pb.displayValue}`}
                  muted={muted}
                  onAutoplayBlocked={onAutoplayBlocked}
                  failed={media ? failedUrls.has(media.fullUrl) : false}
                  onFail={() => {
                    if (media) markFailed(media.fullUrl);
                  }}
                />
              </div>

              {/* Tap zones: the left third goes back, the right third forward, both wrapping. */}
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

              <SlideDetails pb={pb} expanded={expanded} onToggleStory={toggleStory} />
            </article>
          ) : (
            <p className="flex size-full items-center justify-center text-white/70">
              No personal bests to show.
            </p>
          )}

          {/* Header: progress, who, sound and close. Drawn over the slide. */}
          <div className="pointer-events-none absolute inset-x-0 top-0 z-20 bg-gradient-to-b from-black/65 via-black/25 to-transparent px-3 pt-[max(0.75rem,env(safe-area-inset-top))] pb-12">
            <div className="pointer-events-auto flex gap-1" data-testid="story-progress">
              {pbs.map((item, position) => (
                <button
                  key={item.id}
                  type="button"
                  aria-label={`Show personal best ${position + 1} of ${count}: ${item.title}`}
                  aria-current={position === index ? 'step' : undefined}
                  onClick={() => {
                    goTo(position);
                  }}
                  className="group -my-2 flex-1 rounded-full py-2 focus-visible:outline-2 focus-visible:outline-white"
                >
                  <span className="block h-[3px] overflow-hidden rounded-full bg-white/35">
                    <span
                      className={cn(
                        'block h-full origin-left rounded-full bg-white transition-transform duration-300 ease-out motion-reduce:transition-none',
                        position <= index ? 'scale-x-100' : 'scale-x-0',
                      )}
                    />
                  </span>
                </button>
              ))}
            </div>
            <div className="pointer-events-auto mt-3 flex items-center gap-2.5">
              <Avatar
                src={owner.avatarUrl}
                name={owner.name}
                size="sm"
                className="ring-2 ring-white/70"
              />
              <p
                className="min-w-0 flex-1 truncate text-sm font-semibold drop-shadow-sm"
                data-testid="story-owner"
              >
                {owner.name}
              </p>
              {showSound ? (
                <button
                  type="button"
                  data-sound-toggle=""
                  aria-label={muted ? 'Turn sound on' : 'Turn sound off'}
                  aria-pressed={!muted}
                  onClick={toggleSound}
                  className={cn(roundButton, 'size-10 text-white hover:bg-white/15')}
                >
                  {muted ? (
                    <VolumeX className="size-5" aria-hidden="true" />
                  ) : (
                    <Volume2 className="size-5" aria-hidden="true" />
                  )}
                </button>
              ) : null}
              <DialogPrimitive.Close
                aria-label="Close"
                className={cn(roundButton, 'size-10 text-white hover:bg-white/15')}
              >
                <X className="size-6" aria-hidden="true" />
              </DialogPrimitive.Close>
            </div>
          </div>

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

const arrows = {
  previous: { label: 'Previous personal best', Icon: ChevronLeft, side: 'left-2 md:-left-16' },
  next: { label: 'Next personal best', Icon: ChevronRight, side: 'right-2 md:-right-16' },
} as const;

/** The round button beside the frame (over it on phones) that moves one slide. */
function SlideArrow({
  direction,
  onClick,
}: {
  direction: keyof typeof arrows;
  onClick: () => void;
}) {
  const { label, Icon, side } = arrows[direction];
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={cn(
        roundButton,
        'absolute top-[40%] z-30 size-9 -translate-y-1/2 md:top-1/2 bg-black/35 text-white backdrop-blur-sm hover:bg-black/55 md:size-11 md:bg-white/90 md:text-ink md:shadow-float md:hover:bg-white',
        side,
      )}
    >
      <Icon className="size-5 md:size-6" aria-hidden="true" />
    </button>
  );
}

interface SlideDetailsProps {
  pb: StoryPb;
  expanded: boolean;
  onToggleStory: () => void;
}

/** The text over the bottom of a slide. A tap on it opens or closes the full story. */
function SlideDetails({ pb, expanded, onToggleStory }: SlideDetailsProps) {
  return (
    <div className="pointer-events-none absolute inset-x-0 bottom-0 z-20 bg-gradient-to-t from-black/90 via-black/60 to-transparent px-5 pt-28 pb-[max(1.75rem,env(safe-area-inset-bottom))]">
      <div
        data-testid="story-content"
        className="pointer-events-auto cursor-pointer"
        onClick={onToggleStory}
      >
        <span className="inline-flex rounded-full bg-white/15 px-2.5 py-1 text-[11px] font-semibold tracking-wider text-white uppercase ring-1 ring-white/15 backdrop-blur-sm">
          {pb.category}
        </span>
        <h2 className="mt-3 text-lg leading-snug font-semibold text-white/90 text-balance">
          {pb.title}
        </h2>
        <p
          className="mt-0.5 text-5xl leading-none font-extrabold tracking-tight text-white tabular-nums"
          data-testid="story-value"
        >
          {pb.displayValue}
        </p>
        {pb.sets !== null || pb.reps !== null ? (
          <ul className="mt-3.5 flex flex-wrap gap-2" aria-label="Sets and reps">
            {pb.sets !== null ? <Badge>{countLabel(pb.sets, 'set')}</Badge> : null}
            {pb.reps !== null ? <Badge>{countLabel(pb.reps, 'rep')}</Badge> : null}
          </ul>
        ) : null}
        {pb.story.trim() ? (
          <div className="mt-3.5">
            <StoryText story={pb.story} expanded={expanded} onToggle={onToggleStory} />
          </div>
        ) : null}
        <p className="mt-3.5 flex items-center gap-1.5 text-xs font-medium text-white/65">
          <Calendar className="size-3.5" aria-hidden="true" />
          <time dateTime={pb.achievedOn}>{formatStoryDate(pb.achievedOn, pb.date)}</time>
        </p>
      </div>
    </div>
  );
}

function Badge({ children }: { children: string }) {
  return (
    <li className="rounded-full bg-white/15 px-3 py-1 text-xs font-semibold text-white ring-1 ring-white/10 backdrop-blur-sm">
      {children}
    </li>
  );
}
