import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The frame of /add-pb and /edit-pb: the title, a close link back to the profile, the content. */
export function PbFormLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 pt-6 pb-20 sm:px-6 sm:pt-10">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-muted-foreground">{subtitle}</p> : null}
        </div>
        <Link
          to="/profile"
          aria-label="Back to profile"
          className="-mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-muted-foreground transition-colors hover:bg-secondary hover:text-foreground"
        >
          <X className="size-5" aria-hidden="true" />
        </Link>
      </div>
      {children}
    </div>
  );
}
