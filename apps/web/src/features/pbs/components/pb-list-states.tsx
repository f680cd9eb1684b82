import { Plus, Trophy } from 'lucide-react';
import { Link } from 'react-router';

import { buttonClasses } from '@/components/ui/button';
import { IconBadge } from '@/components/ui/icon-badge';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';

/** While the user's PB list loads. */
export function PbsLoading() {
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-sm text-muted-foreground">
      <Spinner label="Loading personal bests" />
      <p>Loading personal bests...</p>
    </div>
  );
}

export interface NoPbsYetProps {
  /** A heading above the description, when the page has none saying it already. */
  title?: string;
  description: string;
  className?: string;
}

/** The user has no PBs: says so and leads to adding the first. */
export function NoPbsYet({ title, description, className }: NoPbsYetProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center rounded-3xl border border-dashed border-input bg-muted/50 px-6 py-14 text-center',
        className,
      )}
    >
      <IconBadge icon={Trophy} size="lg" />
      {title ? <h3 className="mt-5 text-lg font-semibold tracking-tight">{title}</h3> : null}
      <p
        className={cn(
          'text-sm text-muted-foreground text-pretty',
          title ? 'mt-2 max-w-sm' : 'mt-5 max-w-xs',
        )}
      >
        {description}
      </p>
      <Link to="/add-pb" className={buttonClasses({ className: 'mt-6' })}>
        <Plus aria-hidden="true" />
        Add Your First PB
      </Link>
    </div>
  );
}
