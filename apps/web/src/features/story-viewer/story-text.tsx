import { LAYOUT } from '@pbshare/shared';
import { useId, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';

import { cn } from '@/lib/cn';

/** Stories longer than this get the 'Tap to read more' hint (docs/PRODUCT.md §9). */
export function isLongStory(story: string): boolean {
  return story.trim().length > LAYOUT.storyReadMoreAboveChars;
}

const OPEN_VH = `${LAYOUT.storyExpandedVh}vh`;

/**
 * The open story's height: 30vh, rounded down to whole lines where the browser can, so its
 * bottom edge falls between two lines instead of through one.
 */
const OPEN_MAX_HEIGHT = supportsCss('max-height', `round(down, ${OPEN_VH}, 1lh)`)
  ? `round(down, ${OPEN_VH}, 1lh)`
  : OPEN_VH;

function supportsCss(property: string, value: string): boolean {
  // Missing in jsdom.
  const css = (globalThis as { CSS?: Partial<typeof CSS> }).CSS;
  return css?.supports?.(property, value) ?? false;
}

export interface StoryTextProps {
  story: string;
  expanded: boolean;
  onToggle: (event: MouseEvent) => void;
}

/**
 * The story under a PB: clamped to 80 px, opened to at most 30vh and scrolling beyond that, its
 * last line fading while more is below. A tap anywhere on the slide's text toggles it; the hint
 * is also a real button for keyboard users.
 */
/** Whether the story's box holds more text below what it shows. */
function hasMoreBelow(element: HTMLElement): boolean {
  return element.scrollTop + element.clientHeight < element.scrollHeight - 1;
}

export function StoryText({ story, expanded, onToggle }: StoryTextProps) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [moreBelow, setMoreBelow] = useState(false);
  const text = story.trim();
  const long = isLongStory(text);

  const measure = () => {
    if (ref.current) setMoreBelow(hasMoreBelow(ref.current));
  };

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (!expanded) element.scrollTop = 0;
    setMoreBelow(hasMoreBelow(element));
  }, [expanded]);

  if (!text) return null;

  return (
    <div>
      <div
        ref={ref}
        id={id}
        data-testid="story-text"
        data-expanded={expanded}
        onScroll={measure}
        // The height settles at the end of the opening transition.
        onTransitionEnd={measure}
        style={{ maxHeight: expanded ? OPEN_MAX_HEIGHT : `${LAYOUT.storyClampPx}px` }}
        className={cn(
          'overscroll-contain text-[0.9375rem] leading-relaxed whitespace-pre-line text-white/90 transition-[max-height] duration-300 ease-out motion-reduce:transition-none',
          expanded
            ? 'touch-pan-y overflow-y-auto pr-1 [scrollbar-color:rgb(255_255_255/0.45)_transparent] [scrollbar-width:thin]'
            : 'overflow-hidden',
          long && !expanded && '[mask-image:linear-gradient(to_bottom,black_55%,transparent)]',
          expanded &&
            moreBelow &&
            '[mask-image:linear-gradient(to_bottom,black_calc(100%-1lh),rgb(0_0_0/0.35))]',
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
            onToggle(event);
          }}
          className="mt-1.5 rounded-md text-xs font-semibold tracking-wide text-white/75 uppercase transition-colors hover:text-white focus-visible:outline-white"
        >
          {expanded ? 'Show less' : 'Tap to read more'}
        </button>
      ) : null}
    </div>
  );
}
