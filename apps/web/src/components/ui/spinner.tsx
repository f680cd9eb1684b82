import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';

import { cn } from '@/lib/cn';

export interface SpinnerProps extends ComponentProps<'span'> {
  /** What is loading, read to screen readers. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
}

const sizes = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

export function Spinner({ label = 'Loading', size = 'md', className, ...props }: SpinnerProps) {
  return (
    <span
      role="status"
      className={cn('inline-flex items-center justify-center text-primary', className)}
      {...props}
    >
      <LoaderCircle
        className={cn(
          'animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite]',
          sizes[size],
        )}
        aria-hidden="true"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
