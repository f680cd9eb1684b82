import { LAYOUT } from '@pbshare/shared';
import { useId } from 'react';

import { cn } from '@/lib/cn';

/** Stories longer than this get the 'Tap to read more' hint (docs/PRODUCT.md §9). */
export function isLongStory(story: string): boolean {
  return story.trim().length > LAYOUT.storyReadMoreAboveChars;
}

export interface StoryTextProps {
  story: string;
  expanded: boolean;
  onToggle: () => void;
}

/**
 * The story under a PB: clamped to 80 px, opened to at most 30vh (scrolling beyond that). A tap
 * anywhere on the slide's text toggles it; the hint is also a real button for keyboard users.
 */
export function StoryText({ story, expanded, onToggle }: StoryTextProps) {
  const id = useId();
  const text = story.trim();
  if (!text) return null;
  const long = isLongStory(text);

  return (
    <div>
      <div
        id={id}
        data-testid="story-text"
        data-expanded={expanded}
        style={{
          maxHeight: expanded ? `${LAYOUT.storyExpandedVh}vh` : `${LAYOUT.storyClampPx}px`,
        }}
        className={cn(
          'overscroll-contain text-[0.9375rem] leading-relaxed whitespace-pre-line text-white/90 transition-[max-height] duration-300 ease-out motion-reduce:transition-none',
          expanded ? 'overflow-y-auto pr-1' : 'overflow-hidden',
          long && !expanded && '[mask-image:linear-gradient(to_bottom,black_55%,transparent)]',
        )}
      >
        {text}
      </div>
      {long ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={(event) => {
            event.stopPropagation();
            onToggle();
          }}
          className="mt-1.5 rounded-md text-xs font-semibold tracking-wide text-white/75 uppercase transition-colors hover:text-white focus-visible:outline-white"
        >
          {expanded ? 'Show less' : 'Tap to read more'}
        </button>
      ) : null}
    </div>
  );
}
