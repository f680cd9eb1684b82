import { useEffect, useEffectEvent, useId, useRef } from 'react';

import { StoryStage, storyLabels } from './story-stage';
import type { StoryOwner, StoryPb } from './story-types';
import { useBackCloses } from './use-back-closes';

export interface StoryPageProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pbs: readonly StoryPb[];
  owner: StoryOwner;
  /** The visitor moved past the last slide, or it ran out: the story is over. */
  onFinish: () => void;
  /** The slide each opening starts at (a link to one PB); the first by default. */
  initialIndex?: number;
  /** Reports the PB on screen; given only to a visitor, never to the owner. */
  onReport?: ((pb: StoryPb) => void) | undefined;
  /** The page has something open over the story (the report form): the story waits. */
  interrupted?: boolean | undefined;
}

/**
 * The story as the whole of the public page: the same slides as StoryViewer, in a dialog drawn
 * in place rather than through a portal, so the server renders the first slide into the page's
 * HTML. While it is open nothing else is on the page, so a modal library's focus trap, scroll
 * lock and hiding of the rest would guard nothing, and leaving it out keeps about 12 KB of
 * script off the page every visitor of a shared link loads. Escape and the browser's Back close
 * it, as in the viewer.
 */
export function StoryPage({
  open,
  onOpenChange,
  pbs,
  owner,
  onFinish,
  initialIndex = 0,
  onReport,
  interrupted,
}: StoryPageProps) {
  const frameRef = useRef<HTMLElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useBackCloses(open, onOpenChange);

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.key === 'Escape' && !event.defaultPrevented) onOpenChange(false);
  });
  useEffect(() => {
    if (!open) return;
    // The frame takes focus, so the keys work at once with no focus ring on a button.
    frameRef.current?.focus();
    const listener = (event: KeyboardEvent) => {
      onKeyDown(event);
    };
    document.addEventListener('keydown', listener);
    return () => {
      document.removeEventListener('keydown', listener);
    };
  }, [open]);

  if (!open) return null;
  const labels = storyLabels(owner.name);
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      // A tap on the server's markup before the script has run is kept and played once it has.
      data-early-taps=""
      className="fixed inset-0 z-50 bg-black outline-none md:bg-ink"
    >
      <h2 id={titleId} className="sr-only">
        {labels.title}
      </h2>
      <p id={descriptionId} className="sr-only">
        {labels.description}
      </p>
      <StoryStage
        pbs={pbs}
        owner={owner}
        frameRef={frameRef}
        initialIndex={initialIndex}
        onFinish={onFinish}
        onClose={() => {
          onOpenChange(false);
        }}
        onReport={onReport}
        interrupted={interrupted}
      />
    </div>
  );
}
