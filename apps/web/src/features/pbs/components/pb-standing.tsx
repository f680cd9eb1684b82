import { betterDirection, type PersonalBest } from '@pbshare/shared';
import { Sparkles } from 'lucide-react';

import { Badge } from '@/components/ui/badge';
import { useShowsNewPb } from '@/hooks/use-new-pb';
import { cn } from '@/lib/cn';

type Standing = Pick<PersonalBest, 'improvement' | 'category' | 'unit'>;

/**
 * What a screen reader hears for the change: 'Up 5 kg on your previous best, 140 kg'; a time
 * says faster or slower in a race, longer or shorter in a hold.
 */
export function changeLabel({ improvement, category, unit }: Standing): string | null {
  if (!improvement) return null;
  const { change, previousBest } = improvement;
  const sign = change.charAt(0);
  const size = change.slice(1);
  if (sign === '±') return `Equals your previous best, ${previousBest}`;
  const up = sign === '+';
  if (unit !== 'duration') {
    return `${up ? 'Up' : 'Down'} ${size} on your previous best, ${previousBest}`;
  }
  const race = betterDirection(category, unit) === 'lower';
  const word = race ? (up ? 'slower' : 'faster') : up ? 'longer' : 'shorter';
  return `${size} ${word} than your previous best, ${previousBest}`;
}

/**
 * The signed change against the previous best, beside a card's value: in the success colour when
 * the record beat it, muted when it did not (docs/PRODUCT.md §2, Profile).
 */
export function PbChange({
  pb,
  showPrevious = false,
  className,
}: {
  pb: Standing;
  /** Also shows the previous best itself, where there is room (the open card). */
  showPrevious?: boolean;
  className?: string;
}) {
  const label = changeLabel(pb);
  if (!pb.improvement || !label) return null;
  return (
    <span
      data-testid="pb-change"
      data-beaten={pb.improvement.beaten}
      title={label}
      className={cn(
        'font-semibold whitespace-nowrap',
        pb.improvement.beaten ? 'text-success' : 'text-muted-foreground',
        className,
      )}
    >
      <span aria-hidden="true">{pb.improvement.change}</span>
      {showPrevious ? (
        <span aria-hidden="true" className="font-normal text-muted-foreground">
          {' '}
          from {pb.improvement.previousBest}
        </span>
      ) : null}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** 'New PB' while `newPbUntil` is ahead of the reader's clock. */
export function NewPbBadge({
  newPbUntil,
  className,
}: {
  newPbUntil: string | null;
  className?: string;
}) {
  const shows = useShowsNewPb(newPbUntil);
  if (!shows) return null;
  return (
    <Badge
      data-testid="new-pb-badge"
      className={cn('bg-primary text-primary-foreground shadow-sm', className)}
    >
      <Sparkles aria-hidden="true" />
      New PB
    </Badge>
  );
}
