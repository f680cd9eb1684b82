import type { ReactNode } from 'react';

import { ClosablePage } from '@/components/layout/closable-page';

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
    <ClosablePage title={title} subtitle={subtitle} closeTo="/profile" closeLabel="Back to profile">
      {children}
    </ClosablePage>
  );
}
