import { clipLength, countLabel, storyBackdropUrl, type PersonalBest } from '@pbshare/shared';
import { Check, Eye, EyeOff, Play } from 'lucide-react';

import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { SharePbButton } from './share-pb-button';

export interface PbSelectionListProps {
  pbs: readonly PersonalBest[];
  onToggle: (pb: PersonalBest) => void;
}

/**
 * The user's PBs, each a toggle button: pressed means shown on the public page (and in the
 * preview). The change is saved at once by the caller. A shown PB also gets 'Share this PB' at
 * the row's end, beside the toggle rather than inside it (a button cannot hold a button); the
 * row keeps room for it either way, so toggling does not shift the row.
 */
export function PbSelectionList({ pbs, onToggle }: PbSelectionListProps) {
  return (
    <ul className="grid gap-2.5" aria-label="Personal bests to share">
      {pbs.map((pb) => (
        <li key={pb.id} className="relative">
          <PbRow pb={pb} onToggle={onToggle} />
          {pb.isVisible ? (
            <SharePbButton
              pb={pb}
              look="compact"
              className="absolute top-1/2 right-3 z-10 -translate-y-1/2 sm:right-3.5"
            />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function PbRow({ pb, onToggle }: { pb: PersonalBest; onToggle: (pb: PersonalBest) => void }) {
  const selected = pb.isVisible;
  const thumbnail = storyBackdropUrl(pb.media);

  return (
    <button
      type="button"
      aria-pressed={selected}
      data-testid="share-pb-row"
      onClick={() => {
        onToggle(pb);
      }}
      className={cn(
        'group flex w-full items-center gap-3.5 rounded-2xl border p-3 pr-15 text-left transition-[border-color,background-color,box-shadow] duration-150 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring motion-reduce:transition-none sm:gap-4 sm:p-3.5 sm:pr-44',
        selected
          ? 'border-primary/60 bg-primary-soft/60 shadow-xs ring-1 ring-primary/20'
          : 'border-border bg-background hover:border-input hover:bg-muted',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'flex size-6 shrink-0 items-center justify-center rounded-full border-2 transition-colors motion-reduce:transition-none',
          selected
            ? 'border-primary bg-primary text-primary-foreground'
            : 'border-input bg-background text-transparent group-hover:border-muted-foreground',
        )}
      >
        <Check className="size-3.5" strokeWidth={3} />
      </span>

      <span className="relative size-14 shrink-0 overflow-hidden rounded-xl bg-gradient-to-br from-ink-soft to-ink">
        {thumbnail ? (
          <img
            src={thumbnail}
            alt=""
            loading="lazy"
            className={cn(
              'size-full object-cover transition-[filter,opacity] motion-reduce:transition-none',
              !selected && 'opacity-60 grayscale',
            )}
          />
        ) : null}
        {pb.media.type === 'video' ? (
          <span
            className={cn(
              'absolute inset-0 flex items-center justify-center',
              // Lifted clear of the length below it.
              pb.media.durationSeconds !== null && 'pb-3',
            )}
          >
            <span className="flex size-6 items-center justify-center rounded-full bg-black/50 text-white">
              <Play className="size-3 fill-current" aria-hidden="true" />
            </span>
          </span>
        ) : null}
        {pb.media.type === 'video' && pb.media.durationSeconds !== null ? (
          // Decorative like the thumbnail itself: the row's name stays the PB's.
          <span
            aria-hidden="true"
            data-testid="share-pb-video-length"
            className="absolute right-0.5 bottom-0.5 rounded bg-black/75 px-1 text-[10px] leading-3.5 font-semibold text-white tabular-nums"
          >
            {clipLength(pb.media.durationSeconds)}
          </span>
        ) : null}
      </span>

      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold">{pb.title}</span>
        <span className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="text-lg leading-tight font-bold tracking-tight tabular-nums">
            {pb.displayValue}
          </span>
          {pb.sets !== null ? <Badge className="px-2">{countLabel(pb.sets, 'set')}</Badge> : null}
          {pb.reps !== null ? <Badge className="px-2">{countLabel(pb.reps, 'rep')}</Badge> : null}
        </span>
      </span>

      <span
        className={cn(
          'hidden shrink-0 items-center gap-1.5 text-xs font-semibold sm:inline-flex',
          selected ? 'text-primary-strong' : 'text-muted-foreground',
        )}
      >
        {selected ? (
          <Eye className="size-4" aria-hidden="true" />
        ) : (
          <EyeOff className="size-4" aria-hidden="true" />
        )}
        {selected ? 'Shown' : 'Hidden'}
      </span>
    </button>
  );
}
