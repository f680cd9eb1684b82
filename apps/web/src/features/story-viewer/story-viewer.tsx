import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useRef } from 'react';

import { useRestoreFocus } from '@/hooks/use-restore-focus';
import { StoryStage, storyLabels } from './story-stage';
import type { StoryOwner, StoryPb } from './story-types';
import { useBackCloses } from './use-back-closes';

export interface StoryViewerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pbs: readonly StoryPb[];
  owner: StoryOwner;
  /**
   * The visitor moved past the last slide, or it ran out: the story is over. Without it the
   * viewer wraps to the first slide, as the owner's preview does.
   */
  onFinish?: () => void;
  /** The slide each opening starts at; the first by default. */
  initialIndex?: number;
}

/**
 * The story viewer as a modal over a page (the owner's preview on /share-profile), docs/PRODUCT.md
 * §2 and §4: a phone-sized frame (390x844, at most 90vh) centred on wide screens and the whole
 * screen on phones, the slides of StoryStage, and Escape or the browser's Back to close. Focus
 * stays inside while it is open and returns to what opened it. The public page, which is nothing
 * but the story, uses StoryPage instead.
 */
export function StoryViewer({
  open,
  onOpenChange,
  pbs,
  owner,
  onFinish,
  initialIndex = 0,
}: StoryViewerProps) {
  const frameRef = useRef<HTMLElement>(null);
  // Opened by any button, not a Dialog.Trigger.
  const returnFocus = useRestoreFocus();
  useBackCloses(open, onOpenChange);
  const labels = storyLabels(owner.name);

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black md:bg-ink/90 md:backdrop-blur-md motion-safe:data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          className="fixed inset-0 z-50 outline-none"
          onOpenAutoFocus={(event) => {
            returnFocus.remember();
            // The frame itself takes focus, so the keys work at once and no button shows a
            // focus ring the visitor did not ask for.
            event.preventDefault();
            frameRef.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            returnFocus.restore(event);
          }}
        >
          <DialogPrimitive.Title className="sr-only">{labels.title}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">
            {labels.description}
          </DialogPrimitive.Description>
          <StoryStage
            pbs={pbs}
            owner={owner}
            frameRef={frameRef}
            initialIndex={initialIndex}
            onFinish={onFinish}
            onClose={() => {
              onOpenChange(false);
            }}
          />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
