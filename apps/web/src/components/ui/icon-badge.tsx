import type { LucideIcon } from 'lucide-react';

import { cn } from '@/lib/cn';

const sizes = {
  sm: 'size-10 rounded-xl [&_svg]:size-5',
  md: 'size-12 rounded-2xl [&_svg]:size-6',
  lg: 'size-14 rounded-2xl [&_svg]:size-7',
  xl: 'size-16 rounded-2xl [&_svg]:size-8',
} as const;

export interface IconBadgeProps {
  icon: LucideIcon;
  size?: keyof typeof sizes;
  className?: string;
}

/**
 * An icon in a soft brand-coloured square: the mark above a dialog, an empty state or a card.
 * Decoration only: the text beside it says what it means.
 */
export function IconBadge({ icon: Icon, size = 'md', className }: IconBadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center bg-primary-soft text-primary',
        sizes[size],
        className,
      )}
    >
      <Icon aria-hidden="true" />
    </span>
  );
}
