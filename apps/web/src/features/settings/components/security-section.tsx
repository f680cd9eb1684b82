import type { ReactNode } from 'react';

/** One part of Settings → Security: a heading, a line on what it is for, then its controls. */
export function SecuritySection({
  id,
  title,
  description,
  children,
}: {
  /** Names the heading, which labels the section. */
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3">
      <div>
        <h3 id={`${id}-title`} className="font-semibold">
          {title}
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </section>
  );
}
