import type { ComponentProps } from 'react';

import { cn } from '@/lib/cn';

const variants = {
  default: 'bg-secondary text-secondary-foreground',
  brand: 'bg-primary-soft text-primary-hover',
  outline: 'border border-border bg-background text-foreground',
  overlay: 'bg-ink/70 text-white backdrop-blur-sm',
} as const;

export interface BadgeProps extends ComponentProps<'span'> {
  variant?: keyof typeof variants;
}

/** A small label: a category, '3 sets', 'Hidden'. */
export function Badge({ variant = 'default', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap [&_svg]:size-3.5 [&_svg]:shrink-0',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
