import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

export interface MessageScreenProps {
  /** Above the title, carrying its own space below: an IconBadge, a big '404'. */
  mark: ReactNode;
  title: string;
  description: ReactNode;
  /** The usual way on: the label of a large button back to the home page. */
  homeLabel?: string;
  /** Other ways on, for a screen that needs more than the way home. */
  actions?: ReactNode;
  /** Names the section after its title, making it a landmark. */
  titleId?: string;
  /** Its width, such as 'max-w-md'. */
  className?: string;
}

/** A page that is only a message (not found, something broke): centred mark, title, text, ways on. */
export function MessageScreen({
  mark,
  title,
  description,
  homeLabel,
  actions,
  titleId,
  className,
}: MessageScreenProps) {
  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center px-6 py-24 text-center',
        className,
      )}
    >
      {mark}
      <h1 id={titleId} className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
        {title}
      </h1>
      <p className="mt-3 text-muted-foreground text-pretty">{description}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        {homeLabel ? (
          <Button asChild size="lg">
            <Link to="/">
              <ArrowLeft aria-hidden="true" />
              {homeLabel}
            </Link>
          </Button>
        ) : null}
        {actions}
      </div>
    </section>
  );
}
