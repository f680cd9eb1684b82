import { ChevronLeft, ChevronRight } from 'lucide-react';

import { cn } from '@/lib/cn';
import { roundButton } from './round-button';
import { CHROME_HIDDEN } from './story-chrome';

const arrows = {
  previous: { label: 'Previous personal best', Icon: ChevronLeft, side: 'left-2 md:-left-16' },
  next: { label: 'Next personal best', Icon: ChevronRight, side: 'right-2 md:-right-16' },
} as const;

/** The round button beside the frame (over it on phones) that moves one slide. */
export function SlideArrow({
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
        // The button's own transitions already fade its opacity.
        CHROME_HIDDEN,
      )}
    >
      <Icon className="size-5 md:size-6" aria-hidden="true" />
    </button>
  );
}
