import { countLabel } from '@pbshare/shared';
import { Calendar, Sparkles } from 'lucide-react';
import type { MouseEvent } from 'react';

import { useShowsNewPb } from '@/hooks/use-new-pb';
import { cn } from '@/lib/cn';

import { STORY_CHROME } from './story-chrome';
import { formatStoryDate } from './story-format';
import { StoryText } from './story-text';
import type { StoryPb } from './story-types';

/**
 * The scrim under the slide's text: dark enough over the whole text (white on it keeps a
 * contrast above 7:1 over a white photo, the dimmed date above 4.5:1), then fading out over the
 * padding above it, so the photo shows through everywhere else.
 */
const TEXT_SCRIM =
  'linear-gradient(to top, rgb(0 0 0 / 0.82) 0%, rgb(0 0 0 / 0.74) calc(100% - 7rem), rgb(0 0 0 / 0.5) calc(100% - 4.5rem), rgb(0 0 0 / 0.18) calc(100% - 2rem), transparent 100%)';

interface SlideDetailsProps {
  pb: StoryPb;
  expanded: boolean;
  /** A tap on the text, or the hint: opens or closes the full story. */
  onToggleStory: (event: MouseEvent) => void;
}

/** The text over the bottom of a slide. A tap on it opens or closes the full story. */
export function SlideDetails({ pb, expanded, onToggleStory }: SlideDetailsProps) {
  return (
    <div
      className={cn(
        'pointer-events-none absolute inset-x-0 bottom-0 z-20 px-5 pt-28 pb-[max(1.75rem,env(safe-area-inset-bottom))] [text-shadow:0_1px_2px_rgb(0_0_0/0.35)]',
        STORY_CHROME,
      )}
      style={{ backgroundImage: TEXT_SCRIM }}
      data-testid="story-details"
    >
      <div
        data-testid="story-content"
        className="pointer-events-auto cursor-pointer"
        onClick={onToggleStory}
      >
        <div className="flex flex-wrap items-center gap-2">
          <span className="inline-flex rounded-full bg-white/15 px-2.5 py-1 text-[11px] font-semibold tracking-wider text-white uppercase ring-1 ring-white/15 backdrop-blur-sm">
            {pb.category}
          </span>
          <NewPbBadge newPbUntil={pb.newPbUntil} />
        </div>
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
        <p className="mt-3.5 flex items-center gap-1.5 text-xs font-medium text-white/70">
          <Calendar className="size-3.5" aria-hidden="true" />
          <time dateTime={pb.achievedOn}>{formatStoryDate(pb.achievedOn, pb.date)}</time>
        </p>
      </div>
    </div>
  );
}

/**
 * 'New PB' while the record is within its week (docs/PRODUCT.md §3). Decided by the reader's clock
 * after hydration, so the server's HTML of the public page and its hydration agree.
 */
function NewPbBadge({ newPbUntil }: { newPbUntil: string | null }) {
  const shows = useShowsNewPb(newPbUntil);
  if (!shows) return null;
  return (
    <span
      data-testid="story-new-pb"
      className="inline-flex items-center gap-1 rounded-full bg-primary px-2.5 py-1 text-[11px] font-bold tracking-wider text-white uppercase shadow-sm [text-shadow:none]"
    >
      <Sparkles className="size-3" aria-hidden="true" />
      New PB
    </span>
  );
}

function Badge({ children }: { children: string }) {
  return (
    <li className="rounded-full bg-white/15 px-3 py-1 text-xs font-semibold text-white ring-1 ring-white/10 backdrop-blur-sm">
      {children}
    </li>
  );
}
