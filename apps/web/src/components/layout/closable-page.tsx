import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { cn } from '@/lib/cn';

export interface ClosablePageProps {
  title: string;
  subtitle?: ReactNode;
  /** Where the close button leads. */
  closeTo: string;
  /** The close button's accessible name, such as 'Back to profile'. */
  closeLabel: string;
  /** Runs as the page is closed, such as dropping what the page kept. */
  onClose?: (() => void) | undefined;
  children: ReactNode;
}

/** A page left the way one came (settings, the PB form): a narrow column, its title, a close link. */
export function ClosablePage({
  title,
  subtitle,
  closeTo,
  closeLabel,
  onClose,
  children,
}: ClosablePageProps) {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 pt-6 pb-20 sm:px-6 sm:pt-10">
      <div className={cn('flex justify-between gap-4', subtitle ? 'items-start' : 'items-center')}>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-muted-foreground">{subtitle}</p> : null}
        </div>
        <Link
          to={closeTo}
          aria-label={closeLabel}
          onClick={onClose}
          className="-mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-muted-foreground transition-colors hover:bg-secondary hover:text-foreground"
        >
          <X className="size-5" aria-hidden="true" />
        </Link>
      </div>
      {children}
    </div>
  );
}
