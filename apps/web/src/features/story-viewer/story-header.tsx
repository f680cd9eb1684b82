import { Flag, Pause, Play, Volume2, VolumeX, X } from 'lucide-react';
import type { RefObject } from 'react';

import { Avatar } from '@/components/ui/avatar';
import { cn } from '@/lib/cn';
import { roundButton } from './round-button';
import { STORY_CHROME } from './story-chrome';
import type { StoryOwner, StoryPb } from './story-types';

/**
 * Dark enough behind the controls for white text over a white photo, then fading out over the
 * padding below them.
 */
const HEADER_SCRIM =
  'linear-gradient(to bottom, rgb(0 0 0 / 0.6) 0%, rgb(0 0 0 / 0.5) calc(100% - 3rem), rgb(0 0 0 / 0.2) calc(100% - 1.5rem), transparent 100%)';

export interface StoryHeaderProps {
  pbs: readonly StoryPb[];
  index: number;
  onGoTo: (index: number) => void;
  /** The current segment's fill, which the playback clock paints. */
  progressRef: RefObject<HTMLSpanElement | null>;
  owner: StoryOwner;
  /** The visitor paused the story: the control reads Play. */
  paused: boolean;
  onTogglePaused: () => void;
  /** Whether the slide has a sound to turn on or off. */
  showSound: boolean;
  muted: boolean;
  onToggleSound: () => void;
  onClose: () => void;
  /** Reports the PB on screen; absent where there is nothing to report (the owner's own story). */
  onReport?: (() => void) | undefined;
}

/** Over the top of the slide: one progress segment per PB, whose story it is, and the controls. */
export function StoryHeader({
  pbs,
  index,
  onGoTo,
  progressRef,
  owner,
  paused,
  onTogglePaused,
  showSound,
  muted,
  onToggleSound,
  onClose,
  onReport,
}: StoryHeaderProps) {
  const count = pbs.length;
  const shown = pbs[index];
  return (
    <div
      className={cn(
        'pointer-events-none absolute inset-x-0 top-0 z-20 px-3 pt-[max(0.75rem,env(safe-area-inset-top))] pb-12',
        STORY_CHROME,
      )}
      data-testid="story-header"
      style={{ backgroundImage: HEADER_SCRIM }}
    >
      <div className="pointer-events-auto flex gap-1" data-testid="story-progress">
        {pbs.map((item, position) => {
          const current = position === index;
          return (
            <button
              key={item.id}
              type="button"
              aria-label={`Show personal best ${position + 1} of ${count}: ${item.title}`}
              aria-current={current ? 'step' : undefined}
              onClick={() => {
                onGoTo(position);
              }}
              className="group -my-2 flex-1 rounded-full py-2 focus-visible:outline-2 focus-visible:outline-white"
            >
              <span className="block h-[3px] overflow-hidden rounded-full bg-white/35">
                {/* Past segments are full and future ones empty. The current one starts
                    empty (so the server's markup never shows it filled before it has played)
                    and is then left to the clock (no transition, so it follows the time
                    exactly): React rewrites this style only when the slide changes. */}
                <span
                  ref={current ? progressRef : undefined}
                  data-progress-fill=""
                  style={{ transform: `scaleX(${position < index ? 1 : 0})` }}
                  className={cn(
                    'block h-full origin-left rounded-full bg-white',
                    !current &&
                      'transition-transform duration-300 ease-out motion-reduce:transition-none',
                  )}
                />
              </span>
            </button>
          );
        })}
      </div>
      <div className="pointer-events-auto mt-3 flex items-center gap-1.5">
        <Avatar
          src={owner.avatarUrl}
          name={owner.name}
          size="sm"
          className="mr-1 ring-2 ring-white/70"
        />
        <p
          className="min-w-0 flex-1 truncate text-sm font-semibold [text-shadow:0_1px_3px_rgb(0_0_0/0.6)]"
          data-testid="story-owner"
        >
          {owner.name}
        </p>
        {/* Right after the name, which gives up the room: the controls to its right keep their
            places when it appears (only once the page knows the viewer is not the owner). */}
        {onReport && shown ? (
          <button
            type="button"
            aria-label={`Report ${shown.title}`}
            onClick={onReport}
            className={cn(roundButton, 'size-10 text-white/80 hover:bg-white/15 hover:text-white')}
          >
            <Flag className="size-[1.125rem]" aria-hidden="true" />
          </button>
        ) : null}
        {/* One button either way, so focus stays on it as it flips. Spelled out while paused,
            so a visitor who asked for reduced motion (the story then starts paused) sees at
            once how to play it. */}
        <button
          type="button"
          aria-label={paused ? undefined : 'Pause'}
          onClick={onTogglePaused}
          className={cn(
            roundButton,
            paused
              ? 'h-9 gap-1.5 bg-white/20 pr-3.5 pl-3 text-sm font-semibold text-white ring-1 ring-white/25 backdrop-blur-sm hover:bg-white/30'
              : 'size-10 text-white hover:bg-white/15',
          )}
        >
          {paused ? (
            <>
              <Play className="size-4 fill-current" aria-hidden="true" />
              Play
            </>
          ) : (
            <Pause className="size-5 fill-current" aria-hidden="true" />
          )}
        </button>
        {showSound ? (
          <button
            type="button"
            data-sound-toggle=""
            aria-label={muted ? 'Turn sound on' : 'Turn sound off'}
            aria-pressed={!muted}
            onClick={onToggleSound}
            className={cn(roundButton, 'size-10 text-white hover:bg-white/15')}
          >
            {muted ? (
              <VolumeX className="size-5" aria-hidden="true" />
            ) : (
              <Volume2 className="size-5" aria-hidden="true" />
            )}
          </button>
        ) : null}
        <button
          type="button"
          aria-label="Close"
          onClick={onClose}
          className={cn(roundButton, 'size-10 text-white hover:bg-white/15')}
        >
          <X className="size-6" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
