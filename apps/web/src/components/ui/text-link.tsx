import type { ComponentProps } from 'react';
import { Link } from 'react-router';

import { cn } from '@/lib/cn';

/** An inline link in the brand colour. */
export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return (
    <Link
      className={cn(
        'rounded-sm font-semibold text-primary underline-offset-4 hover:underline',
        className,
      )}
      {...props}
    />
  );
}
