import type { ReactNode } from 'react';

import { cn } from '@/lib/cn';

export interface MessageScreenProps {
  /** Above the title, carrying its own space below: an IconBadge, a big '404'. */
  mark: ReactNode;
  title: string;
  description: ReactNode;
  /**
   * The ways on, usually a HomeButton. Passed in rather than built here, so the screen needs no
   * router: the server-rendered public page uses it without one.
   */
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
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">{actions}</div>
    </section>
  );
}
