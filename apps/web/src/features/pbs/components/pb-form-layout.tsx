import type { ReactNode } from 'react';

import { ClosablePage } from '@/components/layout/closable-page';

/** The frame of /add-pb and /edit-pb: the title, a close link back to the profile, the content. */
export function PbFormLayout({
  title,
  subtitle,
  onClose,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  /** Runs as the close link is followed (the add form drops its kept draft, as Cancel does). */
  onClose?: () => void;
  children: ReactNode;
}) {
  return (
    <ClosablePage
      title={title}
      subtitle={subtitle}
      closeTo="/profile"
      closeLabel="Back to profile"
      onClose={onClose}
    >
      {children}
    </ClosablePage>
  );
}
