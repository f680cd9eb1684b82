import { PRODUCT_NAME } from '@pbshare/shared';
import { useId } from 'react';

import { cn } from '@/lib/cn';

/** The PBShare mark: a rising line ending in a peak, on the brand gradient. */
export function LogoMark({ className }: { className?: string }) {
  // Unique per instance: two logos on a page must not share one gradient id.
  const gradientId = useId();
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff7a3d" />
          <stop offset="1" stopColor="#d9360b" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradientId})`} />
      <path
        d="M8.5 20.5l4.75-5.25 3.5 3 6.25-7.75"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="23.25" cy="10.75" r="1.9" fill="#fff" />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark />
      <span className="text-lg font-bold tracking-tight">{PRODUCT_NAME}</span>
    </span>
  );
}
